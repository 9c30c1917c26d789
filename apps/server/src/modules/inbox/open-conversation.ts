import type { InboxConversation, InboxHistory, InboxMediaQuery, InboxMessagesQuery, Language } from '@ws/contract';
import type pg from 'pg';
import { type Scope, withinGrantedConversation } from '../../platform/auth/scope.js';
import { withTransaction } from '../../platform/db/pool.js';
import { isoTimeOf } from '../../platform/db/sql-time.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import type { FileReply } from '../../platform/http/file-route.js';
import { enqueue } from '../../platform/queue/jobs.js';
import { messageHistory } from '../chat-history/message-history.js';
import { messageMedia } from '../chat-history/message-media.js';
import { selectTenantLimits } from '../customers/tenant-limits.js';
import type { ConversationState } from './conversation-repository.js';
import { markConversationRead, selectLatestInboundMetaId, selectTenantAgent } from './conversation-repository.js';
import {
  CONVERSATION_NOT_FOUND,
  inboxErrors,
  requireConversation,
  requireOwnConversation,
  windowOpen,
} from './inbox-access.js';
import { type ConversationEvent, publishConversationEvents } from './inbox-events.js';
import { selectInboxConversation } from './inbox-repository.js';
import { inboxReadReceiptJob } from './read-receipt-job.js';
import { readerLanguage } from './translation/conversation-translation.js';
import { withTranslations } from './translation/messages-with-translations.js';

async function viewingEvent(client: pg.PoolClient, scope: Scope, state: ConversationState): Promise<ConversationEvent> {
  const me = await selectTenantAgent(client, scope.tenantId, scope.userId);
  return {
    conversationId: state.id,
    event: {
      type: 'conversation.viewing',
      data: {
        conversation_id: state.id,
        user_id: scope.userId,
        nickname: me?.nickname ?? '',
        at: isoTimeOf(new Date()),
      },
    },
  };
}

/** Queues the read receipt of the customer's newest message (with "typing…" when asked). */
async function queueReadReceipt(client: pg.PoolClient, scope: Scope, state: ConversationState, typing: boolean) {
  // The platform turned the tenant's read receipts off (auth/setreadgm): the contact is not told.
  if (!(await selectTenantLimits(client, scope.tenantId)).readReceipts) return;
  const newest = await selectLatestInboundMetaId(client, scope.tenantId, state);
  if (!newest) return;
  await enqueue(
    client,
    inboxReadReceiptJob,
    { tenantId: scope.tenantId, numberId: state.numberId, metaMessageId: newest, typing },
    { jobKey: `inbox_read_receipt:${scope.tenantId}:${state.id}` },
  );
}

/**
 * An agent opens a conversation: it is read (unread 0, told to the other agents' lists; the
 * customer gets the read receipt of what it had not read) and the other agents of it see that
 * this one is viewing it, so two do not answer one customer.
 */
export function openConversation(context: AppContext, scope: Scope, conversationId: string) {
  return withTransaction(context.pool, async (client): Promise<InboxConversation> => {
    const state = await requireConversation(client, scope, conversationId);
    const read = await markConversationRead(client, scope.tenantId, state.id);
    if (state.unread > 0) await queueReadReceipt(client, scope, state, false);
    const events = [await viewingEvent(client, scope, state)];
    // Only a change is told: opening a conversation already read changes no list.
    if (read && state.unread > 0) {
      events.push({
        conversationId: state.id,
        event: {
          type: 'conversation.updated',
          data: {
            number_id: state.numberId,
            contact_id: state.contactId,
            unread: 0,
            last_message_at: isoTimeOf(read.last_message_at),
            conversation_id: state.id,
          },
        },
      });
    }
    await publishConversationEvents(client, scope.tenantId, events);
    const row = await selectInboxConversation(client, scope, state.id);
    if (!row) throw errors.notFound(CONVERSATION_NOT_FOUND);
    return row;
  });
}

/** Says again that the agent is viewing the conversation (the client repeats it while the conversation is open). */
export function announceViewing(context: AppContext, scope: Scope, conversationId: string) {
  return withTransaction(context.pool, async (client) => {
    const state = await requireConversation(client, scope, conversationId);
    await publishConversationEvents(client, scope.tenantId, [await viewingEvent(client, scope, state)]);
    return null;
  });
}

/**
 * A conversation's messages: its number's thread with its contact, each with its translation for
 * the reader. The inbox decides the seat's right to the conversation; its history is then read
 * within the tenant, whoever owns the contact.
 */
export async function conversationMessages(
  context: AppContext,
  scope: Scope,
  query: InboxMessagesQuery,
  language: Language,
): Promise<InboxHistory> {
  const state = await requireConversation(context.pool, scope, query.conversationId);
  const history = await messageHistory(context, withinGrantedConversation(scope), {
    contactId: state.contactId,
    numberId: state.numberId,
    cursor: query.cursor,
    after: query.after,
    limit: query.limit,
  });
  const reader = await readerLanguage(context, scope.tenantId, query.language);
  return withTranslations(context, scope.tenantId, state, history, reader, language);
}

/** The file of a media message of a conversation in the caller's inbox (only a message of that conversation). */
export async function conversationMedia(context: AppContext, scope: Scope, query: InboxMediaQuery): Promise<FileReply> {
  const state = await requireConversation(context.pool, scope, query.conversationId);
  return messageMedia(
    context,
    withinGrantedConversation(scope),
    { messageId: query.messageId, createdAt: query.createdAt },
    { numberId: state.numberId, contactId: state.contactId },
  );
}

/**
 * The agent is typing a reply to its conversation: the customer sees "typing…" with the read
 * receipt. Only inside the window (a reply can go) and for the conversation's own agent.
 */
export function announceTyping(context: AppContext, scope: Scope, conversationId: string) {
  return withTransaction(context.pool, async (client) => {
    const state = await requireConversation(client, scope, conversationId);
    requireOwnConversation(scope, state);
    if (!windowOpen(state)) throw inboxErrors.windowClosed();
    await queueReadReceipt(client, scope, state, true);
    return null;
  });
}
