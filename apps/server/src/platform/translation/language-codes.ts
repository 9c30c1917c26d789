import { TRANSLATION_LANGUAGES, type TranslationLanguage } from '@ws/contract';

const PRODUCT_LANGUAGES = new Set<string>(TRANSLATION_LANGUAGES);

/**
 * A provider's language code in the product's terms, whatever its spelling: DeepL's `EN-US` and
 * `ZH-HANT`, Azure's `zh-Hans`, Google's `zh-CN`, LibreTranslate's `zt` and `pb`. Undefined for a
 * language the product does not translate.
 */
export function productLanguageOf(providerCode: string): TranslationLanguage | undefined {
  const code = providerCode.trim().toLowerCase();
  if (code === 'zt') return 'zh-TW';
  if (code === 'pb') return 'pt';
  const [primary, ...rest] = code.split(/[-_]/);
  if (primary === 'zh' || primary === 'cmn') {
    return rest.some((subtag) => subtag === 'tw' || subtag === 'hant' || subtag === 'hk' || subtag === 'mo')
      ? 'zh-TW'
      : 'zh';
  }
  if (primary === 'in') return 'id';
  return primary && PRODUCT_LANGUAGES.has(primary) ? (primary as TranslationLanguage) : undefined;
}

/** Google writes Chinese with its region (`zh-CN`, `zh-TW`); every other product code is Google's too. */
export const googleLanguage = (code: TranslationLanguage): string => (code === 'zh' ? 'zh-CN' : code);

/** Azure writes Chinese by script. */
export const azureLanguage = (code: TranslationLanguage): string =>
  code === 'zh' ? 'zh-Hans' : code === 'zh-TW' ? 'zh-Hant' : code;

/**
 * DeepL: upper case; a target needs its variant where DeepL has several (EN-US, PT-BR, ZH-HANS,
 * ZH-HANT: plain EN and PT are deprecated as targets), a source never has one.
 */
export function deeplLanguage(code: TranslationLanguage, as: 'source' | 'target'): string {
  if (as === 'source') return code === 'zh-TW' ? 'ZH' : code.toUpperCase();
  const targets: Partial<Record<TranslationLanguage, string>> = {
    en: 'EN-US',
    pt: 'PT-BR',
    zh: 'ZH-HANS',
    'zh-TW': 'ZH-HANT',
  };
  return targets[code] ?? code.toUpperCase();
}

/** The product's languages among a provider's list of codes, in the product's order. */
export function productLanguagesAmong(providerCodes: readonly string[]): TranslationLanguage[] {
  const found = new Set(providerCodes.map(productLanguageOf));
  return TRANSLATION_LANGUAGES.filter((code) => found.has(code));
}
