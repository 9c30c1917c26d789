/**
 * The one retry policy of the Cloud API: what a failure means for the caller (`classifyError`) and
 * whether and when to try again (`retryDecision`).
 *
 * | code(s)                                  | kind       | retry                  | why |
 * |------------------------------------------|------------|------------------------|-----|
 * | 131056                                   | pair-rate  | 4^attempt s, 5 times   | one business number → one customer too often; Meta asks for exactly this backoff |
 * | 130429, 80007, 133016, 4, 17, 32, 613    | rate       | capped exp. + jitter   | throughput, WABA, registration or app call-rate limits: the same request works later |
 * | 133009                                   | rate       | capped exp. + jitter   | two-step PIN tried too fast |
 * | 1, 2, 131000, 131016, 131057, 133004, 133015 | transient | capped exp. + jitter | unknown/service errors, maintenance mode, registration not yet settled |
 * | HTTP 5xx, HTTP 429, Graph `is_transient`, no answer at all | transient/rate | capped exp. + jitter | the server or the path failed, not the request |
 * | 131047                                   | window     | final                  | outside the 24-hour window: only a template can go |
 * | 131050                                   | opted-out  | final                  | the user stopped marketing messages: an opt-out, never retry |
 * | 132000, 132001, 132005, 132007, 132012, 132015, 132016, 132068, 132069 | template | final | the template (or its flow) is missing, paused, disabled or its parameters do not fit |
 * | 0, 3, 10, 190, 200–299, 131005, 131045, 133008, 133010 | auth | final     | token expired or lacks permission, number not registered: an operator must act |
 * | 368, 131031, 131037, 131042, 131048, 130497 | policy  | final                  | the account or number is restricted, locked, unpaid or flagged for spam; retrying makes it worse |
 * | 131026, 131049, 131021, 130472           | recipient  | final                  | this recipient cannot or may not get it (undeliverable, per-user marketing limit, self, experiment) |
 * | 100, 131008, 131009, 131051, 131052, 131053, 131055, 133000, 133005, 133006, 135000 | invalid | final | the request itself is wrong: the same bytes fail again |
 * | any other code                           | invalid    | final                  | unknown codes are not retried blindly (unless Graph marks them transient or the status is 5xx/429) |
 * | a reply that is not Meta's (not JSON, odd shape) with 2xx/4xx | unexpected | final | a bug or a foreign server in the way |
 *
 * A send is not idempotent (the Cloud API has no idempotency key): before retrying one, a caller
 * asks `mayHaveBeenSent`, and a send that may have gone is never repeated.
 */
import { CloudApiError, MetaApiError, MetaReplyError, MetaTransportError } from './errors.js';

export type MetaErrorKind =
  | 'rate'
  | 'pair-rate'
  | 'window'
  | 'opted-out'
  | 'template'
  | 'auth'
  | 'policy'
  | 'recipient'
  | 'invalid'
  | 'transient'
  | 'unexpected';

/** How a retryable kind waits: Meta's pair-rate formula, or exponential backoff with jitter. */
type Backoff = 'pair' | 'rate' | 'transient';

export interface ErrorClass {
  kind: MetaErrorKind;
  backoff: Backoff | null;
  /** Why, in a few words, for logs and refusal reasons. */
  why: string;
}

const rule = (kind: MetaErrorKind, backoff: Backoff | null, why: string, codes: number[]) =>
  codes.map((code) => [code, { kind, backoff, why }] as const);

const CODES = new Map<number, ErrorClass>([
  ...rule('pair-rate', 'pair', 'pair rate limit: too many messages to this user', [131056]),
  ...rule('rate', 'rate', 'rate limit hit', [130429, 80007, 133016, 4, 17, 32, 613, 133009]),
  ...rule('transient', 'transient', 'temporary Meta failure', [1, 2, 131000, 131016, 131057, 133004, 133015]),
  ...rule('window', null, 'outside the 24-hour customer service window', [131047]),
  ...rule('opted-out', null, 'the user stopped marketing messages', [131050]),
  ...rule(
    'template',
    null,
    'template missing, paused, disabled or mismatched',
    [132000, 132001, 132005, 132007, 132012, 132015, 132016, 132068, 132069],
  ),
  ...rule(
    'auth',
    null,
    'token or permission problem, or number not registered',
    [0, 3, 10, 190, 131005, 131045, 133008, 133010],
  ),
  ...rule('policy', null, 'account or number restricted by Meta', [368, 131031, 131037, 131042, 131048, 130497]),
  ...rule('recipient', null, 'this recipient cannot receive it', [131026, 131049, 131021, 130472]),
  ...rule(
    'invalid',
    null,
    'the request is invalid',
    [100, 131008, 131009, 131051, 131052, 131053, 131055, 133000, 133005, 133006, 135000],
  ),
]);

/** 200-299 are Graph's "API permission" family, listed as a range by Meta. */
const permissionRange = { kind: 'auth', backoff: null, why: 'permission not granted or revoked' } as const;

/** What a failure of a Cloud API call means for the caller. */
export function classifyError(error: unknown): ErrorClass {
  if (error instanceof MetaApiError) {
    const known = CODES.get(error.code) ?? (error.code >= 200 && error.code <= 299 ? permissionRange : undefined);
    if (known) return known;
    if (error.httpStatus === 429) return { kind: 'rate', backoff: 'rate', why: `rate limited (code ${error.code})` };
    if (error.httpStatus >= 500 || error.isTransient) {
      return { kind: 'transient', backoff: 'transient', why: `temporary failure (code ${error.code})` };
    }
    return { kind: 'invalid', backoff: null, why: `unknown Meta error code ${error.code}, not retried` };
  }
  if (error instanceof MetaTransportError) {
    return { kind: 'transient', backoff: 'transient', why: `no answer from the Cloud API (${error.failure})` };
  }
  if (error instanceof MetaReplyError) {
    if (error.httpStatus === 429) return { kind: 'rate', backoff: 'rate', why: 'rate limited (HTTP 429)' };
    if (error.httpStatus >= 500) return { kind: 'transient', backoff: 'transient', why: `HTTP ${error.httpStatus}` };
    return { kind: 'unexpected', backoff: null, why: `unexpected reply (${error.problem})` };
  }
  const what = error instanceof CloudApiError ? error.name : 'not a Cloud API failure';
  return { kind: 'unexpected', backoff: null, why: what };
}

export const RETRY_LIMITS = {
  /** 4^0 … 4^4 s: 1, 4, 16, 64, 256 seconds. */
  pair: { attempts: 5 },
  rate: { attempts: 8, baseMs: 1_000, capMs: 60_000 },
  transient: { attempts: 5, baseMs: 500, capMs: 30_000 },
} as const;

export type RetryDecision =
  | { retry: true; delayMs: number; kind: MetaErrorKind }
  | { retry: false; reason: string; kind: MetaErrorKind };

export interface RetryOptions {
  /** [0, 1) source for the jitter; Math.random unless a test pins it. */
  random?: () => number;
}

/**
 * Whether to try a failed call again, and after how long.
 * `attempt` counts the retries already made for this request: 0 when the first try just failed.
 */
export function retryDecision(error: unknown, attempt: number, options: RetryOptions = {}): RetryDecision {
  const { kind, backoff, why } = classifyError(error);
  if (backoff === null) return { retry: false, reason: why, kind };
  if (backoff === 'pair') {
    if (attempt >= RETRY_LIMITS.pair.attempts) return { retry: false, reason: `${why}; gave up`, kind };
    return { retry: true, delayMs: 4 ** attempt * 1_000, kind };
  }
  const limits = RETRY_LIMITS[backoff];
  if (attempt >= limits.attempts) return { retry: false, reason: `${why}; gave up`, kind };
  // "Equal jitter": half the capped exponential step for sure, the other half at random, so
  // callers that failed together do not come back together.
  const step = Math.min(limits.capMs, limits.baseMs * 2 ** attempt);
  const random = options.random ?? Math.random;
  return { retry: true, delayMs: Math.round(step / 2 + random() * (step / 2)), kind };
}

/**
 * For a call that is not idempotent (a send): why the failed request may still have been carried
 * out, or null when the failure proves it was not. Proof is a failure before the request was
 * written (refused, DNS, TLS, proxy, connect timeout), or Meta's own error naming what it refused
 * (any code it classifies, a rate limit, HTTP 429). A request written but not answered, a 5xx
 * without a code of Meta's meaning, and an answer that is not Meta's may each have sent it.
 */
export function mayHaveBeenSent(error: unknown): string | null {
  if (error instanceof MetaTransportError) {
    return error.mayHaveReachedMeta ? `no answer from the Cloud API (${error.failure})` : null;
  }
  if (error instanceof MetaReplyError) {
    return error.httpStatus === 429 ? null : `unexpected reply, HTTP ${error.httpStatus} (${error.problem})`;
  }
  if (error instanceof MetaApiError && error.httpStatus >= 500 && classifyError(error).kind === 'transient') {
    return `HTTP ${error.httpStatus} from the Cloud API (code ${error.code}: ${error.title})`;
  }
  return null;
}
