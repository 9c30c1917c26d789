import { isAscii } from 'node:buffer';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

const PREFIX = 'sha256=';
const HEX_DIGEST = /^[0-9a-f]{64}$/i;
const NON_ASCII = /[^\0-\x7f]/g;
/** Non-ASCII and DEL: whatsapp-api-js escapes DEL too before checking a signature. */
const NOT_PRINTABLE_ASCII = /[^\0-~]/g;
const escapedUnit = (unit: string) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * JSON text with every character past ASCII written as a lower-case `\uXXXX` escape, one per UTF-16
 * code unit (so an emoji becomes its surrogate pair): the "escaped unicode" form over which Meta
 * documents that it computes X-Hub-Signature-256. The text means the same JSON either way.
 */
export function escapeNonAscii(text: string): string {
  return text.replace(NON_ASCII, escapedUnit);
}

/**
 * A webhook body as the sandbox sends it: escaped like `escapeNonAscii`, and DEL as well, so that
 * the bytes are their own escaped form under either reading and every verifier accepts them.
 */
export function escapeForWebhookBody(text: string): string {
  return text.replace(NOT_PRINTABLE_ASCII, escapedUnit);
}

/** The X-Hub-Signature-256 value Meta sends for a body: `sha256=<hex HMAC-SHA256 with the app secret>`. */
export function signWebhookBody(body: Buffer | string, appSecret: string): string {
  return PREFIX + createHmac('sha256', appSecret).update(body).digest('hex');
}

/**
 * Checks a body's X-Hub-Signature-256 in constant time; the body has not been parsed yet. A match
 * over the raw bytes or over the body with its non-ASCII re-escaped both count: Meta signs the
 * escaped form, while the bytes on the wire may carry the characters raw in UTF-8.
 */
export function checkWebhookSignature(
  body: Buffer,
  header: string | string[] | undefined,
  appSecret: string,
): 'missing' | 'wrong' | 'valid' {
  if (header === undefined || header === '') return 'missing';
  if (Array.isArray(header)) return 'wrong';
  const given = header.startsWith(PREFIX) ? header.slice(PREFIX.length) : '';
  if (!HEX_DIGEST.test(given)) return 'wrong';
  const givenDigest = Buffer.from(given, 'hex');
  const hmac = (data: Buffer | string) => createHmac('sha256', appSecret).update(data).digest();
  let valid = timingSafeEqual(hmac(body), givenDigest);
  if (!isAscii(body)) {
    // Both comparisons run whenever the body has non-ASCII, so the time says nothing of which matched.
    const escapedMatches = timingSafeEqual(hmac(escapeNonAscii(body.toString('utf8'))), givenDigest);
    valid = valid || escapedMatches;
  }
  return valid ? 'valid' : 'wrong';
}

/** Compares two secrets without leaking, through timing, how much of them matched or their length. */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
