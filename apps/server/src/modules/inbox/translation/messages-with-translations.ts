import type {
  History,
  InboxHistory,
  InboxMessage,
  Language,
  MessageTranslation,
  TranslationLanguage,
} from '@ws/contract';
import type { AppContext } from '../../../platform/http/context.js';
import type { ConversationState } from '../conversation-repository.js';
import { messageText } from './message-text.js';
import { selectMessageTranslations } from './message-translation-repository.js';
import { translationReply } from './translate-messages.js';

/**
 * A page of a conversation's messages, each with its translation for the reader: the one kept
 * (or the agent's own words of a reply sent translated), else "missing" for a customer's message
 * with text while the conversation translates and its language is not the reader's, else null.
 * One query for the page; the provider is never asked here (the client asks `inbox/translate`).
 */
export async function withTranslations(
  context: Pick<AppContext, 'pool'>,
  tenantId: string,
  state: ConversationState,
  history: History,
  reader: TranslationLanguage,
  language: Language,
): Promise<InboxHistory> {
  const kept = new Map(
    (
      await selectMessageTranslations(
        context.pool,
        tenantId,
        history.records.map((m) => m.id),
        reader,
      )
    ).map((stored) => [stored.message_id, translationReply(stored, language)]),
  );
  const records = history.records.map((message): InboxMessage => {
    const stored = kept.get(message.id);
    if (stored) return { ...message, translation: stored };
    const missing =
      state.translate &&
      message.direction === 'in' &&
      message.group_ref === null &&
      state.language !== reader &&
      messageText(message.type, message.body) !== undefined;
    return { ...message, translation: missing ? missingTranslation(message.id, reader, state.language) : null };
  });
  return { ...history, records };
}

const missingTranslation = (
  messageId: string,
  reader: TranslationLanguage,
  source: TranslationLanguage | null,
): MessageTranslation => ({
  message_id: messageId,
  language: reader,
  state: 'missing',
  text: null,
  original: false,
  source_language: source,
  provider: null,
  simulated: false,
  error: null,
});
