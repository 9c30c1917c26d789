/**
 * The three ways a Cloud API call fails, each its own class so callers (and `retryDecision`) can tell
 * them apart: Meta answered with its error envelope, the request never got an answer, or the answer
 * was not what Meta sends.
 */

/** Common base: `endpoint` is "METHOD path" without query or host, safe to log (no token in it). */
export abstract class CloudApiError extends Error {
  constructor(
    message: string,
    readonly endpoint: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface MetaErrorFields {
  httpStatus: number;
  code: number;
  subcode?: number | undefined;
  /** The message without Meta's "(#code) " prefix: Meta puts the code's title there. */
  title: string;
  /** `error_data.details`: what exactly went wrong, the most useful text of all. */
  details?: string | undefined;
  /** `fbtrace_id`, for Meta support. */
  traceId?: string | undefined;
  /** Graph's own hint that trying again may work. */
  isTransient: boolean;
  userTitle?: string | undefined;
  userMessage?: string | undefined;
}

/** Meta's `{error: {message, type, code, error_subcode, error_data: {details}, fbtrace_id}}`. */
export class MetaApiError extends CloudApiError implements MetaErrorFields {
  override readonly name = 'MetaApiError';
  readonly httpStatus: number;
  readonly code: number;
  readonly subcode: number | undefined;
  readonly title: string;
  readonly details: string | undefined;
  readonly traceId: string | undefined;
  readonly isTransient: boolean;
  readonly userTitle: string | undefined;
  readonly userMessage: string | undefined;
  /**
   * The whole reply Meta sent with the error: a few calls answer their partial failures there
   * beside the envelope (`block_users` lists which users failed and why, with 139100).
   */
  readonly reply: unknown;

  constructor(endpoint: string, fields: MetaErrorFields, reply?: unknown) {
    const code = `${fields.code}${fields.subcode === undefined ? '' : `/${fields.subcode}`}`;
    super(`Meta error ${code}: ${fields.title}${fields.details ? ` (${fields.details})` : ''}`, endpoint);
    this.httpStatus = fields.httpStatus;
    this.code = fields.code;
    this.subcode = fields.subcode;
    this.title = fields.title;
    this.details = fields.details;
    this.traceId = fields.traceId;
    this.isTransient = fields.isTransient;
    this.userTitle = fields.userTitle;
    this.userMessage = fields.userMessage;
    this.reply = reply;
  }
}

export type TransportFailure = 'refused' | 'reset' | 'timeout' | 'dns' | 'tls' | 'proxy' | 'other';

/** No answer: connection refused, reset, timed out, name not resolved, TLS or proxy failure. */
export class MetaTransportError extends CloudApiError {
  override readonly name = 'MetaTransportError';
  constructor(
    endpoint: string,
    readonly failure: TransportFailure,
    /**
     * False when the request cannot have reached Meta (refused, DNS, connect timeout); true when it
     * may have been processed although no answer came, so a retried send may deliver twice.
     */
    readonly mayHaveReachedMeta: boolean,
    readonly systemCode: string | undefined,
    cause: unknown,
  ) {
    super(`Cloud API unreachable (${failure}${systemCode ? `, ${systemCode}` : ''})`, endpoint, { cause });
  }
}

/** An answer that is not JSON, or JSON of an unexpected shape (a proxy's error page, a bug). */
export class MetaReplyError extends CloudApiError {
  override readonly name = 'MetaReplyError';
  constructor(
    endpoint: string,
    readonly httpStatus: number,
    readonly problem: 'not-json' | 'unexpected-shape',
    /** Where the shape differs (dotted path), or the start of the body when it is not JSON. */
    readonly detail: string,
  ) {
    super(`Unexpected Cloud API reply (HTTP ${httpStatus}, ${problem}: ${detail})`, endpoint);
  }
}

const titlePrefix = /^\(#\d+\)\s*/;

const asNumber = (value: unknown): number | undefined => {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
};
const asString = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** Meta's error envelope as a MetaApiError, or undefined when `body` carries none. */
export function metaErrorFrom(endpoint: string, httpStatus: number, body: unknown): MetaApiError | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const error = (body as { error?: unknown }).error;
  if (typeof error !== 'object' || error === null) return undefined;
  const fields = error as Record<string, unknown>;
  const code = asNumber(fields.code);
  if (code === undefined) return undefined;
  const data = fields.error_data;
  const details = typeof data === 'string' ? data : asString((data as { details?: unknown } | null)?.details);
  return new MetaApiError(
    endpoint,
    {
      httpStatus,
      code,
      subcode: asNumber(fields.error_subcode),
      title: (asString(fields.message) ?? '').replace(titlePrefix, ''),
      details,
      traceId: asString(fields.fbtrace_id),
      isTransient: fields.is_transient === true,
      userTitle: asString(fields.error_user_title),
      userMessage: asString(fields.error_user_msg),
    },
    body,
  );
}

const connectCodes = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_CONNECT_TIMEOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/** Sorts what undici or the socket threw into a MetaTransportError. */
export function transportErrorFrom(endpoint: string, error: unknown): MetaTransportError {
  const code = asString((error as { code?: unknown } | null)?.code);
  const failure: TransportFailure =
    code === 'ECONNREFUSED'
      ? 'refused'
      : code === 'ENOTFOUND' || code === 'EAI_AGAIN'
        ? 'dns'
        : code === 'UND_ERR_CONNECT_TIMEOUT' ||
            code === 'UND_ERR_HEADERS_TIMEOUT' ||
            code === 'UND_ERR_BODY_TIMEOUT' ||
            code === 'ETIMEDOUT'
          ? 'timeout'
          : code === 'ECONNRESET' || code === 'EPIPE' || code === 'UND_ERR_SOCKET' || code === 'UND_ERR_CLOSED'
            ? 'reset'
            : code?.startsWith('ERR_TLS') || code?.startsWith('CERT_') || code === 'DEPTH_ZERO_SELF_SIGNED_CERT'
              ? 'tls'
              : code === 'UND_ERR_PRX_TLS' || /proxy/i.test(String((error as Error | null)?.message))
                ? 'proxy'
                : 'other';
  const neverSent = (code !== undefined && connectCodes.has(code)) || failure === 'tls' || failure === 'proxy';
  return new MetaTransportError(endpoint, failure, !neverSent, code, error);
}
