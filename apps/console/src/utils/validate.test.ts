import { describe, expect, it } from 'vitest';
import { checkPhone, isEmpty, isUrl, LANDLINE_PATTERN } from './validate.js';

describe('isEmpty', () => {
  it.each([null, undefined, 'null', 'undefined', '', [], {}])('treats %j as empty', (value) => {
    expect(isEmpty(value)).toBe(true);
  });
  it.each([false, true, 0, 1, Number.NaN, ' ', 'a', [0], { a: undefined }, new Date(0)])(
    'treats %j as not empty',
    (value) => {
      expect(isEmpty(value)).toBe(false);
    },
  );
});

describe('isUrl', () => {
  it('accepts http and https addresses only', () => {
    expect(isUrl('http://example.com')).toBe(true);
    expect(isUrl('HTTPS://example.com/a?b')).toBe(true);
    expect(isUrl('ftp://example.com')).toBe(false);
    expect(isUrl('/api/docs')).toBe(false);
    expect(isUrl('httpx')).toBe(false);
    expect(isUrl(undefined)).toBe(false);
  });
});

describe('checkPhone', () => {
  it('says an empty number is required', () => {
    expect(checkPhone('')).toBe('phoneRequired');
    expect(checkPhone('   ')).toBe('phoneRequired');
    expect(checkPhone(null)).toBe('phoneRequired');
    expect(checkPhone(undefined)).toBe('phoneRequired');
  });
  it('says a number of another length than 11 is too long or short', () => {
    expect(checkPhone('1381234567')).toBe('phoneLength');
    expect(checkPhone('138123456789')).toBe('phoneLength');
  });
  it('accepts mobile numbers and 11-character landlines', () => {
    expect(checkPhone('13812345678')).toBeUndefined();
    expect(checkPhone('010-1234567')).toBeUndefined();
    expect(checkPhone('02112345678')).toBeUndefined();
  });
  it('refuses 11 characters that are neither', () => {
    expect(checkPhone('12812345678')).toBe('phoneFormat');
    expect(checkPhone('1381234567a')).toBe('phoneFormat');
    expect(checkPhone('23812345678')).toBe('phoneFormat');
  });
  it('has the landline pattern of the specification', () => {
    expect(LANDLINE_PATTERN.test('0755-12345678')).toBe(true);
    expect(LANDLINE_PATTERN.test('07551234567')).toBe(true);
    expect(LANDLINE_PATTERN.test('010-1234567')).toBe(true);
    expect(LANDLINE_PATTERN.test('0-1234567')).toBe(false);
    expect(LANDLINE_PATTERN.test('01234-1234567')).toBe(false);
    expect(LANDLINE_PATTERN.test('010-123456')).toBe(false);
    expect(LANDLINE_PATTERN.test('755-12345678')).toBe(false);
  });
});
