import { describe, expect, it } from 'vitest';
import { checkPhoneForCountry, countryList, describePhone, simCountryList } from './countries.js';

describe('the country reference', () => {
  it('lists every ISO country that has a calling code, in English and Chinese', () => {
    const list = countryList();
    expect(list.length).toBeGreaterThan(190);
    expect(list).toContainEqual({
      english_name: "People's Republic of China",
      chinese_name: '中国',
      country_code: 'cn',
      phone_code: 86,
    });
    expect(list.find((country) => country.country_code === 'gb')).toMatchObject({ phone_code: 44 });
    expect(list.find((country) => country.country_code === 'aq')).toBeUndefined();
    expect(new Set(list.map((country) => country.country_code)).size).toBe(list.length);
    for (const country of list) expect(country.country_code).toMatch(/^[a-z]{2}$/);
  });

  it('lists the countries a business number may come from, without those Meta does not serve', () => {
    const english = simCountryList('en');
    const chinese = simCountryList('zh');
    expect(english.length).toBe(chinese.length);
    expect(english.length).toBeGreaterThan(150);
    expect(english).toContainEqual({ title: 'Brazil', value: 55, code: 'BR' });
    expect(chinese).toContainEqual({ title: '巴西', value: 55, code: 'BR' });
    for (const code of ['CU', 'IR', 'KP', 'SY']) expect(english.find((entry) => entry.code === code)).toBeUndefined();
    // The US and Canada share +1; the ISO code tells them apart.
    expect(english.filter((entry) => entry.value === 1).map((entry) => entry.code)).toEqual(
      expect.arrayContaining(['US', 'CA']),
    );
    const titles = english.map((entry) => entry.title);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, 'en')));
  });
});

describe('checkPhoneForCountry', () => {
  it.each([
    ['CN', '13800138000', '8613800138000'],
    ['CN', '+86 138-0013-8000', '8613800138000'],
    ['GB', '07400 123456', '447400123456'],
    ['US', '+1 (650) 253-0000', '16502530000'],
    // Regions that share the calling code: Canada under +1, Guernsey's block of +44 7911.
    ['US', '416 555 0123', '14165550123'],
    ['GB', '+44 7911 123456', '447911123456'],
  ])('accepts %s %s as %s', (country, phone, digits) => {
    expect(checkPhoneForCountry(country, phone)).toEqual({ ok: true, digits });
  });

  it.each([
    ['CN', '12345', 'invalid'],
    ['US', '+86 138 0013 8000', 'other-country'],
    ['GB', '+1 416 555 0123', 'other-country'],
    ['IR', '+98 912 345 6789', 'unserved'],
    ['ZZ', '123456', 'unknown-country'],
  ])('refuses %s %s: %s', (country, phone, problem) => {
    expect(checkPhoneForCountry(country, phone)).toEqual({ ok: false, problem });
  });
});

describe('describePhone', () => {
  it('formats stored digits and finds their country', () => {
    expect(describePhone('8613800138000')).toEqual({
      phone: '+8613800138000',
      display: '+86 138 0013 8000',
      country: 'CN',
    });
    expect(describePhone('15550783881').country).toBeNull();
  });
});
