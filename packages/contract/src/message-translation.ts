import { z } from 'zod';
import { ChatMessage, History } from './chat-history.js';
import { TranslationLanguage, TranslationProvider } from './translation.js';

/**
 * A message of a conversation in the reader's language (issue 17's two-way translation, decision
 * 0018): ok, its translation (or, for a reply the agent sent translated, the agent's own words);
 * failed, the provider's failure (the client offers a retry); missing, not translated yet (the
 * client asks `inbox/translate`); same, the message is already in the reader's language.
 */
export const MESSAGE_TRANSLATION_STATES = ['ok', 'failed', 'missing', 'same'] as const;
export const MessageTranslationState = z.enum(MESSAGE_TRANSLATION_STATES);
export type MessageTranslationState = z.infer<typeof MessageTranslationState>;

export const MessageTranslation = z.object({
  message_id: z.string(),
  /** The language of `text`: the reader's. */
  language: TranslationLanguage,
  state: MessageTranslationState,
  /** The translation (state ok); null otherwise. */
  text: z.string().nullable(),
  /** `text` is what the agent typed, and the message holds its translation as sent to the customer. */
  original: z.boolean(),
  /** The language the message was translated from, as given or detected; null when unknown. */
  source_language: TranslationLanguage.nullable(),
  provider: TranslationProvider.nullable(),
  /** The embedded pseudo-translation (`⟦es⟧ …`): the client shows a "simulated translation" badge. */
  simulated: z.boolean(),
  /** Why it failed (state failed), in the caller's language. */
  error: z.string().nullable(),
});
export type MessageTranslation = z.infer<typeof MessageTranslation>;

/** A conversation's message with its translation for the reader; null when it has no text to translate. */
export const InboxMessage = ChatMessage.extend({ translation: MessageTranslation.nullable() });
export type InboxMessage = z.infer<typeof InboxMessage>;

export const InboxHistory = History.extend({ records: z.array(InboxMessage) });
export type InboxHistory = z.infer<typeof InboxHistory>;
