import type { Language } from '@ws/contract';

const LANGUAGE_TAGS: Record<Language, string> = { zh: 'zh-CN', en: 'en' };
const displayNames = new Map<string, Intl.DisplayNames>();

/** A code by the browser's name for it in `language`, or as it came when the browser cannot name it. */
function displayName(language: Language, type: 'language' | 'region', code: string): string {
  let names = displayNames.get(`${type}:${language}`);
  if (!names) {
    names = new Intl.DisplayNames([LANGUAGE_TAGS[language]], { type, fallback: 'code' });
    displayNames.set(`${type}:${language}`, names);
  }
  try {
    return names.of(code) ?? code;
  } catch {
    return code; // not a well-formed code
  }
}

/**
 * A language code as Meta writes it (en_US, zh_CN, pt_BR) by its name in `language`: "美国英语",
 * "American English". A code the browser cannot name is shown as it came.
 */
export function languageName(language: Language, code: string): string {
  const name = displayName(language, 'language', code.replace(/_/g, '-'));
  return name === code.replace(/_/g, '-') ? code : name;
}

/** A country code (CN) by its name in `language` ("中国", "China"; ZZ "Unknown Region"). */
export function countryName(language: Language, code: string): string {
  return displayName(language, 'region', code);
}
