import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

const PREFIX = 'sha256=';
const HEX_DIGEST = /^[0-9a-f]{64}$/i;

/** The X-Hub-Signature-256 value Meta sends for a body: `sha256=<hex HMAC-SHA256 with the app secret>`. */
export function signWebhookBody(body: Buffer | string, appSecret: string): string {
  return PREFIX + createHmac('sha256', appSecret).update(body).digest('hex');
}

/** Checks a body's X-Hub-Signature-256 in constant time; the body has not been parsed yet. */
export function checkWebhookSignature(
  body: Buffer,
  header: string | string[] | undefined,
  appSecret: string,
): 'missing' | 'wrong' | 'valid' {
  if (header === undefined || header === '') return 'missing';
  if (Array.isArray(header)) return 'wrong';
  const given = header.startsWith(PREFIX) ? header.slice(PREFIX.length) : '';
  if (!HEX_DIGEST.test(given)) return 'wrong';
  const expected = createHmac('sha256', appSecret).update(body).digest();
  return timingSafeEqual(expected, Buffer.from(given, 'hex')) ? 'valid' : 'wrong';
}

/** Compares two secrets without leaking, through timing, how much of them matched or their length. */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
