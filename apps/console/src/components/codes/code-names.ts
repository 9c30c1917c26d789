import type { Language } from '@ws/contract';
import { codesTexts } from '../../i18n/locales/codes.js';

// The browser's names of languages and countries are the kit's, shared with the seat client.
export { countryName, languageName } from '@ws/web-kit/utils';

/** A contract enum, by its exported name (MetaNumberStatus, MessagingTier…). */
export type CodeGroup = keyof (typeof codesTexts)['zh'];

/** The name of `code` in `language`; an unknown code (Meta adds values) is shown as it came. */
export function codeName(language: Language, group: CodeGroup, code: string): string {
  const names: Record<string, string> = codesTexts[language][group];
  return Object.hasOwn(names, code) ? (names[code] as string) : code;
}

/** A contact's opt-in source: one of the opt-in calls' sources, or the consent source of the audience list it came from. */
export function optInSourceName(language: Language, source: string): string {
  const known = codeName(language, 'KnownOptInSource', source);
  return known === source ? codeName(language, 'ConsentSource', source) : known;
}
