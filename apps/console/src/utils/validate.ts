/**
 * The specification's validation helpers (section 5). They return the key of the message to show,
 * so forms can put it in either language.
 */

/** Empty: null, undefined, 'null', 'undefined', '', [] and {}; booleans and numbers never are. */
export function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'boolean' || typeof value === 'number' || typeof value === 'bigint') return false;
  if (typeof value === 'string') return value === '' || value === 'null' || value === 'undefined';
  if (Array.isArray(value)) return value.length === 0;
  if (value instanceof Date || value instanceof RegExp) return false;
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return false;
}

/** A URL, for the console, is text starting with http:// or https://. */
export function isUrl(value: unknown): value is string {
  return typeof value === 'string' && /^https?:\/\//i.test(value);
}

export const PHONE_LENGTH = 11;

/** A landline: 0, two or three more digits of area code, an optional hyphen, seven or eight digits. */
export const LANDLINE_PATTERN = /^0\d{2,3}-?\d{7,8}$/;
/** A mainland mobile number: 1, a second digit 3–9, nine more digits. */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;

export type PhoneProblem = 'phoneRequired' | 'phoneLength' | 'phoneFormat';

/** Checks a phone number: empty, then length 11, then mobile or landline pattern. */
export function checkPhone(value: string | null | undefined): PhoneProblem | undefined {
  const phone = (value ?? '').trim();
  if (isEmpty(phone)) return 'phoneRequired';
  if (phone.length !== PHONE_LENGTH) return 'phoneLength';
  if (!MOBILE_PATTERN.test(phone) && !LANDLINE_PATTERN.test(phone)) return 'phoneFormat';
  return undefined;
}
