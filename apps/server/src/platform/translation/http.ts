/**
 * HTTP to a translation provider: one keep-alive undici Agent per translator, every step bounded
 * (connect, first byte, body), and every failure turned into a `TranslationError`. Providers hand
 * in how to read their error replies; everything else is the same for all of them.
 */
import type { TranslationProvider } from '@ws/contract';
import { Agent, type Dispatcher } from 'undici';
import { failureOfStatus, TranslationError, type TranslationFailure } from './translation-error.js';

export interface ProviderHttpOptions {
  provider: TranslationProvider;
  /** The longest wait for a connection, the first byte, and between body bytes. */
  timeoutMs: number;
  /** The provider's message in an error reply (its JSON, or the raw text when not JSON). */
  errorMessage: (body: unknown, text: string) => string | undefined;
}

export interface ProviderRequest {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  /** Sent as JSON with `content-type: application/json`. */
  json?: unknown;
  /** Sent as is: a signed body must be the exact bytes that were signed. */
  rawBody?: string;
}

export interface ProviderHttp {
  /** The parsed JSON of a 2xx reply; anything else rejects with a TranslationError. */
  call(request: ProviderRequest): Promise<unknown>;
  close(): Promise<void>;
}

/** The longest error text kept from a provider's reply. */
const MAX_DETAIL = 300;

export function createProviderHttp(options: ProviderHttpOptions): ProviderHttp {
  const { provider, timeoutMs } = options;
  const agent = new Agent({
    connect: { timeout: timeoutMs },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    keepAliveTimeout: 30_000,
  });
  const fail = (failure: TranslationFailure, detail: string, status?: number) =>
    new TranslationError(provider, failure, detail.slice(0, MAX_DETAIL), status);

  return {
    async call(request) {
      const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
      let body = request.rawBody;
      if (request.json !== undefined) {
        body = JSON.stringify(request.json);
        headers['content-type'] ??= 'application/json';
      }
      let response: Dispatcher.ResponseData;
      let text: string;
      try {
        response = await agent.request({
          ...splitUrl(request.url),
          method: request.method,
          headers,
          body,
        });
        text = await response.body.text();
      } catch (error) {
        throw fail('unreachable', error instanceof Error ? `${error.name}: ${error.message}` : String(error));
      }
      const json = parseJson(text);
      if (response.statusCode < 200 || response.statusCode >= 300) {
        const message = options.errorMessage(json, text) ?? (text.trim() || `HTTP ${response.statusCode}`);
        throw fail(failureOfStatus(response.statusCode), message, response.statusCode);
      }
      if (json === undefined) throw fail('bad_reply', `not JSON: ${text.slice(0, 80)}`, response.statusCode);
      return json;
    },
    close: () => agent.close(),
  };
}

function splitUrl(url: string): { origin: string; path: string } {
  const parsed = new URL(url);
  return { origin: parsed.origin, path: parsed.pathname + parsed.search };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A reply that does not have the documented shape: the provider changed, or it is not that provider. */
export function badReply(provider: TranslationProvider, what: string): TranslationError {
  return new TranslationError(provider, 'bad_reply', what);
}
