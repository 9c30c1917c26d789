import type { Language, MessageTranslation, RealtimeEvent, TranslationLanguage } from '@ws/contract';
import { withTransaction } from '../../../platform/db/pool.js';
import type { AppContext } from '../../../platform/http/context.js';
import { AppError } from '../../../platform/http/errors.js';
import { detectLanguage, translateTexts } from '../../translation/index.js';
import { publishConversationEvents } from '../inbox-events.js';
import type { TranslatingConversation } from './conversation-language-repository.js';
import { messageText } from './message-text.js';
import { type MessageRow, type StoredTranslation, saveMessageTranslations } from './message-translation-repository.js';

type Context = Pick<AppContext, 'pool' | 'translation' | 'logger'>;

/**
 * The language a message was written in: its own detection when the detector is sure (a customer
 * may switch language for one message), else the conversation's, else the provider's to find.
 */
async function sourceOf(text: string, conversation: Pick<TranslatingConversation, 'language'>) {
  const found = await detectLanguage(text);
  return (found.reliable ? found.language : undefined) ?? conversation.language ?? 'auto';
}

/**
 * Translates messages of one conversation into `target` and keeps the result, ok or failed, so a
 * message is translated once and a failure shows as "not translated" with a retry. Messages
 * already in `target` are kept as `same` (nothing is sent). The caller has checked that the
 * provider is configured and the tenant consents: any failure left is the provider's, recorded
 * per message. Saved and announced (`message.translated`) in one transaction.
 */
export async function translateMessages(
  context: Context,
  conversation: TranslatingConversation,
  messages: readonly MessageRow[],
  target: TranslationLanguage,
): Promise<StoredTranslation[]> {
  const { provider, simulated } = context.translation;
  const bySource = new Map<TranslationLanguage | 'auto', { message: MessageRow; text: string }[]>();
  for (const message of messages) {
    const text = messageText(message.type, message.body);
    if (text === undefined) continue;
    const source = await sourceOf(text, conversation);
    bySource.set(source, [...(bySource.get(source) ?? []), { message, text }]);
  }
  const rows: StoredTranslation[] = [];
  const row = (message: MessageRow, fields: Partial<StoredTranslation>): StoredTranslation => ({
    message_id: message.id,
    message_created_at: message.created_at,
    conversation_id: conversation.id,
    language: target,
    status: 'ok',
    text: null,
    original: false,
    source_language: null,
    provider,
    simulated,
    error: null,
    ...fields,
  });
  for (const [source, group] of bySource) {
    if (source === target) {
      rows.push(...group.map(({ message }) => row(message, { status: 'same', source_language: source })));
      continue;
    }
    try {
      const reply = await translateTexts(context, conversation.tenantId, {
        texts: group.map(({ text }) => text),
        source,
        target,
      });
      group.forEach(({ message }, index) => {
        const translated = reply.translations[index];
        rows.push(
          row(message, {
            text: translated?.text ?? '',
            source_language: translated?.detected_source ?? (source === 'auto' ? null : source),
            simulated: reply.simulated,
          }),
        );
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const failed = {
        status: 'failed' as const,
        error: error.text,
        source_language: source === 'auto' ? null : source,
      };
      rows.push(...group.map(({ message }) => row(message, failed)));
    }
  }
  return withTransaction(context.pool, async (client) => {
    const saved = await saveMessageTranslations(client, conversation.tenantId, rows);
    await publishConversationEvents(
      client,
      conversation.tenantId,
      saved.map((stored) => ({ conversationId: conversation.id, event: translatedEvent(conversation, stored) })),
    );
    return saved;
  });
}

function translatedEvent(conversation: TranslatingConversation, stored: StoredTranslation): RealtimeEvent {
  return {
    type: 'message.translated',
    data: {
      conversation_id: conversation.id,
      number_id: conversation.numberId,
      contact_id: conversation.contactId,
      message_id: stored.message_id,
      language: stored.language,
      state: stored.status,
    },
  };
}

/** A stored translation as the reply gives it, its error in the caller's language. */
export function translationReply(stored: StoredTranslation, language: Language): MessageTranslation {
  return {
    message_id: stored.message_id,
    language: stored.language,
    state: stored.status,
    text: stored.text,
    original: stored.original,
    source_language: stored.source_language,
    provider: stored.provider as MessageTranslation['provider'],
    simulated: stored.simulated,
    error: stored.error ? stored.error[language] : null,
  };
}
