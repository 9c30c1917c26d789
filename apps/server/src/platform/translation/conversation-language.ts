import type { LanguageSource, TranslationLanguage } from '@ws/contract';
import type { LanguageDetection } from './detect-language.js';

/** A conversation's customer language and how it was set (the inbox's `language`, `language_source`). */
export interface ConversationLanguage {
  language: TranslationLanguage;
  source: LanguageSource;
}

/**
 * The rule that makes a conversation's language sticky, for the conversation's owner to apply to
 * each customer message: a language an agent set (`manual`) stays until an agent changes it;
 * otherwise a reliable detection of a translation language sets it (or changes it: the customer
 * switched); an undetermined or unreliable one ("ok", "👍", a link) leaves it as it was.
 */
export function customerLanguageAfter(
  current: ConversationLanguage | undefined,
  detection: LanguageDetection,
): ConversationLanguage | undefined {
  if (current?.source === 'manual') return current;
  if (!detection.language || !detection.reliable) return current;
  if (current?.language === detection.language) return current;
  return { language: detection.language, source: 'detected' };
}
