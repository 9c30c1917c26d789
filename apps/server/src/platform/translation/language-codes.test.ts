import { describe, expect, it } from 'vitest';
import {
  azureLanguage,
  deeplLanguage,
  googleLanguage,
  productLanguageOf,
  productLanguagesAmong,
} from './language-codes.js';

describe("the providers' language codes", () => {
  it.each([
    ['EN-US', 'en'],
    ['EN', 'en'],
    ['PT-BR', 'pt'],
    ['pb', 'pt'],
    ['ZH', 'zh'],
    ['ZH-HANS', 'zh'],
    ['ZH-HANT', 'zh-TW'],
    ['zh-Hans', 'zh'],
    ['zh-Hant', 'zh-TW'],
    ['zh-CN', 'zh'],
    ['zh-TW', 'zh-TW'],
    ['zh-HK', 'zh-TW'],
    ['zt', 'zh-TW'],
    ['in', 'id'],
    ['ms', 'ms'],
    ['nl', undefined],
    ['', undefined],
  ])('reads %s as %s', (code, language) => {
    expect(productLanguageOf(code)).toBe(language);
  });

  it("writes the product's codes as each provider spells them", () => {
    expect([googleLanguage('zh'), googleLanguage('zh-TW'), googleLanguage('es')]).toEqual(['zh-CN', 'zh-TW', 'es']);
    expect([azureLanguage('zh'), azureLanguage('zh-TW'), azureLanguage('ar')]).toEqual(['zh-Hans', 'zh-Hant', 'ar']);
    expect(['en', 'pt', 'zh', 'zh-TW', 'de'].map((code) => deeplLanguage(code as never, 'target'))).toEqual([
      'EN-US',
      'PT-BR',
      'ZH-HANS',
      'ZH-HANT',
      'DE',
    ]);
    expect(['en', 'pt', 'zh-TW'].map((code) => deeplLanguage(code as never, 'source'))).toEqual(['EN', 'PT', 'ZH']);
  });

  it("lists the product's languages among a provider's, in the product's order, once each", () => {
    expect(productLanguagesAmong(['fr', 'EN-GB', 'EN-US', 'zh-Hant', 'xx'])).toEqual(['zh-TW', 'en', 'fr']);
  });
});
