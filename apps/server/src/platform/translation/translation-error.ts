import type { TranslationProvider } from '@ws/contract';
import type { ProviderTranslation } from './translator.js';

/**
 * Why a provider call failed:
 * - `unreachable`: no answer (refused, reset, DNS, TLS) or a timeout;
 * - `auth`: the key or token was refused (401, 403);
 * - `quota`: rate or character limit reached (429, DeepL's 456, Tencent's LimitExceeded);
 * - `rejected`: the provider refused the request itself (4xx: unsupported language, text too long);
 * - `failed`: the provider's own failure (5xx);
 * - `bad_reply`: an answer that is not the documented shape, or one that lost a protected span.
 */
export type TranslationFailure = 'unreachable' | 'auth' | 'quota' | 'rejected' | 'failed' | 'bad_reply';

/**
 * What a provider had already answered when a later request of the same batch failed: it billed
 * those characters, and the usable translations among them (by the batch's index) are worth keeping.
 */
export interface PartialTranslation {
  translations: ReadonlyMap<number, ProviderTranslation>;
  billedCharacters: number;
}

/** The one error every provider failure becomes. `detail` is the provider's own message, for logs and the reply. */
export class TranslationError extends Error {
  override readonly name = 'TranslationError';
  /** Set when earlier requests of the batch were answered before this failure. */
  partial: PartialTranslation | undefined;
  constructor(
    readonly provider: TranslationProvider,
    readonly failure: TranslationFailure,
    readonly detail: string,
    readonly httpStatus?: number,
  ) {
    super(`${provider}: ${failure}${httpStatus ? ` (HTTP ${httpStatus})` : ''}: ${detail}`);
  }
}

/** The failure an HTTP status stands for, at providers that use plain HTTP statuses. */
export function failureOfStatus(status: number): TranslationFailure {
  if (status === 401 || status === 403) return 'auth';
  if (status === 429 || status === 456) return 'quota';
  if (status >= 500) return 'failed';
  return 'rejected';
}
