/**
 * What other modules call (the conversation owner translating messages as they arrive or go out,
 * the agent client's calls): translate with cache, consent and metering; detect locally; read a
 * tenant's settings. Stickiness of a conversation's language is the conversation owner's.
 */
export {
  detectLanguage,
  type LanguageDetection,
  MIN_DETECT_LETTERS,
} from '../../platform/translation/detect-language.js';
export type { TranslationSetup } from './setup.js';
export { type TranslateTexts, translateTexts } from './translate-texts.js';
export { ensureTranslationAllowed, translationSettingsOf } from './translation-settings.js';
