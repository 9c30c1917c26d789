import type { TranslationLanguage } from '@ws/contract';
import type { LanguageDetection } from './detect-language.js';

/** Who decided a conversation's customer language: an agent (an override) or the detector. */
export type LanguageOrigin = 'agent' | 'detected';

export interface ConversationLanguage {
  language: TranslationLanguage;
  origin: LanguageOrigin;
}

/**
 * The rule that makes a conversation's language sticky, for the conversation's owner to apply to
 * each customer message: a language an agent set stays until an agent changes it; otherwise a
 * reliable detection of a translation language sets it (or changes it: the customer switched);
 * an undetermined or unreliable one ("ok", "👍", a link) leaves it as it was.
 */
export function customerLanguageAfter(
  current: ConversationLanguage | undefined,
  detection: LanguageDetection,
): ConversationLanguage | undefined {
  if (current?.origin === 'agent') return current;
  if (!detection.language || !detection.reliable) return current;
  if (current?.language === detection.language) return current;
  return { language: detection.language, origin: 'detected' };
}
