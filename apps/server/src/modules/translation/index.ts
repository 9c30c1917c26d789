/**
 * What other modules call (the conversation owner translating messages as they arrive or go out,
 * the agent client's calls): translate with cache, consent and metering; detect locally; the
 * sticky-language rule; a tenant's settings. Keeping a conversation's language is the
 * conversation owner's; `customerLanguageAfter` is the rule it applies.
 */
export { type ConversationLanguage, customerLanguageAfter } from '../../platform/translation/conversation-language.js';
export {
  detectLanguage,
  type LanguageDetection,
  MIN_DETECT_LETTERS,
} from '../../platform/translation/detect-language.js';
export { productLanguageOf } from '../../platform/translation/language-codes.js';
export type { TranslationSetup } from './setup.js';
export { type TranslateTexts, translateTexts, translatorOf } from './translate-texts.js';
export { ensureTranslationAllowed, translationSettingsOf } from './translation-settings.js';
