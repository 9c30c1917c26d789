import examples from 'libphonenumber-js/examples.mobile.json';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
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

  it('answers the same again from its memo (+1 by area code, others by their first digits, +7 by the whole number)', () => {
    expect(countryOfNumber('18765551234')).toBe('JM');
    expect(countryOfNumber('14165550143')).toBe('CA');
    expect(countryOfNumber('18769990000')).toBe('JM');
    expect(countryOfNumber('447781123456')).toBe('GG');
    expect(countryOfNumber('447781123456')).toBe('GG');
    expect(countryOfNumber('447700900123')).toBe('GB');
  });

  it("answers as libphonenumber's reading of the whole number does, memo or not, across shared codes", () => {
    // Numbers of every country of the shared codes, any of their national digits but the first varied (seeded: the same each run),
    // read twice in a shuffled order so later ones come from the memo that earlier ones filled.
    let seed = 7;
    const random = () => {
      seed = (seed * 48271) % 2147483647;
      return seed / 2147483647;
    };
    const countries = [
      'US',
      'CA',
      'JM',
      'PR',
      'GB',
      'GG',
      'JE',
      'IM',
      'IT',
      'VA',
      'NO',
      'SJ',
      'AU',
      'CX',
      'CC',
      'RE',
      'YT',
    ];
    const numbers: string[] = [];
    for (const country of [...countries, 'RU', 'KZ']) {
      const example = parsePhoneNumberFromString(examples[country as keyof typeof examples], country as 'GB');
      const digits = example?.number.slice(1) ?? '';
      const code = example?.countryCallingCode.length ?? 1;
      for (let i = 0; i < 600; i++) {
        const kept = code + 1 + Math.floor(random() * (digits.length - code - 1));
        numbers.push(digits.slice(0, kept) + Array.from(digits.slice(kept), () => Math.floor(random() * 10)).join(''));
      }
    }
    const mismatches = [...numbers, ...numbers.sort(() => random() - 0.5)].filter((number) => {
      const read = parsePhoneNumberFromString(`+${number}`)?.country;
      return read !== undefined && countryOfNumber(number) !== read;
    });
    expect(mismatches).toEqual([]);
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
