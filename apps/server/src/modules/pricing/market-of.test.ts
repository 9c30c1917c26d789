import { describe, expect, it } from 'vitest';
import { countryOfNumber, recipientsByCountry } from './market-of.js';

describe('countryOfNumber', () => {
  it('reads a calling code only one country has', () => {
    expect(countryOfNumber('8613800138000')).toBe('CN');
    expect(countryOfNumber('919812345678')).toBe('IN');
    expect(countryOfNumber('5511987654321')).toBe('BR');
    expect(countryOfNumber('85291234567')).toBe('HK');
  });

  it('tells the countries of a shared calling code apart by the whole number', () => {
    expect(countryOfNumber('12025550143')).toBe('US');
    expect(countryOfNumber('14165550143')).toBe('CA');
    expect(countryOfNumber('18765551234')).toBe('JM');
    expect(countryOfNumber('447700900123')).toBe('GB');
    expect(countryOfNumber('447781123456')).toBe('GG');
    expect(countryOfNumber('79161234567')).toBe('RU');
    expect(countryOfNumber('77012345678')).toBe('KZ');
  });

  it('answers the same again from its memo (+1 by area code, others by the whole number)', () => {
    expect(countryOfNumber('18765551234')).toBe('JM');
    expect(countryOfNumber('14165550143')).toBe('CA');
    expect(countryOfNumber('18769990000')).toBe('JM');
    expect(countryOfNumber('447781123456')).toBe('GG');
    expect(countryOfNumber('447781123456')).toBe('GG');
    expect(countryOfNumber('447700900123')).toBe('GB');
  });

  it("falls back to the code's main country, and to ZZ without a geographic code", () => {
    expect(countryOfNumber('10005550143')).toBe('US');
    expect(countryOfNumber('80012345678')).toBe('ZZ');
    expect(countryOfNumber('')).toBe('ZZ');
  });
});

describe('recipientsByCountry', () => {
  it('adds the groups of each country up (one reading per +1 area code), most recipients first', () => {
    expect(
      recipientsByCountry([
        { sample: '12025550143', n: 2 },
        { sample: '18765551234', n: 4 },
        { sample: '13105550100', n: 4 },
        { sample: '18769990000', n: 1 },
        { sample: '80012345678', n: 1 },
      ]),
    ).toEqual([
      { country: 'US', recipients: 6 },
      { country: 'JM', recipients: 5 },
      { country: 'ZZ', recipients: 1 },
    ]);
  });
});
