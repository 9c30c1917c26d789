import type {
  ConversationLanguageEdit,
  ConversationTranslationEdit,
  InboxConversation,
  Language,
  MessageTranslation,
  TranslateMessagesRequest,
  TranslationLanguage,
} from '@ws/contract';
import type { Scope } from '../../../platform/auth/scope.js';
import { type Db, withTransaction } from '../../../platform/db/pool.js';
import type { AppContext } from '../../../platform/http/context.js';
import { AppError, errors } from '../../../platform/http/errors.js';
import { selectTenantLimits } from '../../customers/tenant-limits.js';
import {
  type ConversationLanguage,
  customerLanguageAfter,
  detectLanguage,
  ensureTranslationAllowed,
  translationSettingsOf,
  translatorOf,
} from '../../translation/index.js';
import type { ConversationState } from '../conversation-repository.js';
import { CONVERSATION_NOT_FOUND, requireConversation, requireOwnConversation } from '../inbox-access.js';
import { publishConversationEvents } from '../inbox-events.js';
import { selectInboxConversation } from '../inbox-repository.js';
import {
  selectRecentInbound,
  type TranslatingConversation,
  updateConversationLanguage,
  updateConversationTranslate,
} from './conversation-language-repository.js';
import { messageText } from './message-text.js';
import { selectConversationMessages, selectMessageTranslations } from './message-translation-repository.js';
import { queueTranslation } from './translate-job.js';
import { translateMessages, translationReply } from './translate-messages.js';

/** Messages read again to find the customer's language when an agent's choice is cleared. */
const REDETECT_MESSAGES = 10;

export const translatingConversation = (tenantId: string, state: ConversationState): TranslatingConversation => ({
  tenantId,
  id: state.id,
  numberId: state.numberId,
  contactId: state.contactId,
  language: state.language,
  translate: state.translate,
});

/**
 * The conversation as the inbox shows it after a change of its translation, told to its agents
 * (`conversation.translation`) in the change's transaction.
 */
async function announced(client: Db, scope: Scope, conversationId: string): Promise<InboxConversation> {
  const row = await selectInboxConversation(client, scope, conversationId);
  if (!row) throw errors.notFound(CONVERSATION_NOT_FOUND);
  const { id, number_id, contact_id, translate, language, language_source } = row;
  await publishConversationEvents(client, scope.tenantId, [
    {
      conversationId: id,
      event: {
        type: 'conversation.translation',
        data: { conversation_id: id, number_id, contact_id, translate, language, language_source },
      },
    },
  ]);
  return row;
}

/** The reader's language: the one asked for, else the tenant's agent language. */
export async function readerLanguage(
  context: AppContext,
  tenantId: string,
  asked: TranslationLanguage | undefined,
): Promise<TranslationLanguage> {
  return asked ?? (await translationSettingsOf(context.pool, context.translation, tenantId)).agent_language;
}

/**
 * Turns a conversation's translation on or off. On needs a provider and the tenant's consent to
 * send customer text to it (refused with the setting named, so the toggle can say why); it then
 * translates the customer's recent messages in the background.
 */
export async function setConversationTranslation(
  context: AppContext,
  scope: Scope,
  edit: ConversationTranslationEdit,
): Promise<InboxConversation> {
  return withTransaction(context.pool, async (client) => {
    const state = await requireConversation(client, scope, edit.conversationId, { lock: true });
    requireOwnConversation(scope, state);
    if (!edit.translate && (await selectTenantLimits(client, scope.tenantId)).forceTranslate) {
      throw new AppError('forbidden', {
        zh: 'translate: 平台已为本账号开启强制翻译，不能关闭',
        en: 'translate: the platform admin has made translation compulsory for this account; it cannot be turned off',
      });
    }
    if (edit.translate) {
      translatorOf(context);
      await ensureTranslationAllowed(client, context.translation, scope.tenantId);
    }
    await updateConversationTranslate(client, scope.tenantId, state.id, edit.translate);
    if (edit.translate) await queueTranslation(client, scope.tenantId, [state.id]);
    return announced(client, scope, state.id);
  });
}

/**
 * Sets the customer's language by hand (it then wins over detection), or clears the agent's
 * choice: the customer's recent messages are read again and the sticky rule applied to them.
 */
export async function setConversationLanguage(
  context: AppContext,
  scope: Scope,
  edit: ConversationLanguageEdit,
): Promise<InboxConversation> {
  return withTransaction(context.pool, async (client) => {
    const state = await requireConversation(client, scope, edit.conversationId, { lock: true });
    requireOwnConversation(scope, state);
    if (edit.language !== null) {
      await updateConversationLanguage(client, scope.tenantId, state.id, edit.language, 'manual');
      return announced(client, scope, state.id);
    }
    let found: ConversationLanguage | undefined;
    for (const message of await selectRecentInbound(
      client,
      translatingConversation(scope.tenantId, state),
      REDETECT_MESSAGES,
    )) {
      const text = messageText(message.type, message.body);
      if (text !== undefined) found = customerLanguageAfter(found, await detectLanguage(text));
    }
    await updateConversationLanguage(client, scope.tenantId, state.id, found?.language ?? null, found?.source ?? null);
    return announced(client, scope, state.id);
  });
}

/**
 * Translates messages of a conversation in the caller's inbox into the reader's language now:
 * those not translated yet and those that failed (a retry). One already translated is answered
 * from what was kept, never asked again. Messages without text are left out of the reply.
 */
export async function translateOnDemand(
  context: AppContext,
  scope: Scope,
  request: TranslateMessagesRequest,
  language: Language,
): Promise<MessageTranslation[]> {
  const state = await requireConversation(context.pool, scope, request.conversationId);
  translatorOf(context);
  await ensureTranslationAllowed(context.pool, context.translation, scope.tenantId);
  const target = await readerLanguage(context, scope.tenantId, request.language);
  const conversation = translatingConversation(scope.tenantId, state);
  const messages = await selectConversationMessages(context.pool, conversation, request.messages);
  if (messages.length === 0) throw errors.notFound({ zh: 'messages: 消息', en: 'messages: Message' });
  const kept = new Map(
    (
      await selectMessageTranslations(
        context.pool,
        scope.tenantId,
        messages.map((m) => m.id),
        target,
      )
    )
      .filter((stored) => stored.status !== 'failed')
      .map((stored) => [stored.message_id, stored]),
  );
  const fresh = await translateMessages(
    context,
    conversation,
    messages.filter((message) => !kept.has(message.id)),
    target,
  );
  const byId = new Map([...kept, ...fresh.map((stored) => [stored.message_id, stored] as const)]);
  return messages.flatMap((message) => {
    const stored = byId.get(message.id);
    return stored ? [translationReply(stored, language)] : [];
  });
}
