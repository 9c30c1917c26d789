import type { ConversationStatus, InboxConversation, SnoozeRequest } from '@ws/contract';
import type pg from 'pg';
import type { Scope } from '../../platform/auth/scope.js';
import { withTransaction } from '../../platform/db/pool.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { requestQueueAssignment } from './assignment/assign-queue.js';
import { lockAgents, selectAgentLoads } from './assignment/assignment-repository.js';
import { type ConversationState, updateConversationStatus } from './conversation-repository.js';
import { CONVERSATION_NOT_FOUND, inboxErrors, requireConversation } from './inbox-access.js';
import { publishConversationEvents } from './inbox-events.js';
import { selectInboxConversation } from './inbox-repository.js';

async function changeStatus(
  client: pg.PoolClient,
  scope: Scope,
  state: ConversationState,
  status: ConversationStatus,
  snoozedUntil: string | null,
): Promise<InboxConversation> {
  await updateConversationStatus(client, scope.tenantId, state.id, status, snoozedUntil);
  await publishConversationEvents(client, scope.tenantId, [
    {
      conversationId: state.id,
      event: {
        type: 'conversation.status',
        data: {
          conversation_id: state.id,
          number_id: state.numberId,
          contact_id: state.contactId,
          status,
          snoozed_until: snoozedUntil === null ? null : new Date(snoozedUntil).toISOString(),
          assignee_user_id: state.assigneeUserId,
        },
      },
    },
  ]);
  const row = await selectInboxConversation(client, scope, state.id);
  if (!row) throw errors.notFound(CONVERSATION_NOT_FOUND);
  return row;
}

/**
 * Resolves a conversation: its agent's slot is free at once (the cap counts unresolved
 * conversations), and the queue is assigned again so the slot takes a waiting conversation.
 */
export function resolveConversation(context: AppContext, scope: Scope, conversationId: string) {
  return withTransaction(context.pool, async (client) => {
    const state = await requireConversation(client, scope, conversationId, { lock: true });
    if (state.assigneeUserId !== null && state.status !== 'resolved') {
      await requestQueueAssignment(client, scope.tenantId);
    }
    return changeStatus(client, scope, state, 'resolved', null);
  });
}

/**
 * Reopens a resolved, snoozed or pending conversation. A resolved one takes a slot of its agent's
 * cap again, checked under the agent's row lock like every assignment.
 */
export function reopenConversation(context: AppContext, scope: Scope, conversationId: string) {
  return withTransaction(context.pool, async (client) => {
    const state = await requireConversation(client, scope, conversationId, { lock: true });
    if (state.status === 'open') throw inboxErrors.alreadyOpen();
    if (state.status === 'resolved' && state.assigneeUserId !== null) {
      await lockAgents(client, scope.tenantId, [state.assigneeUserId]);
      const [load] = await selectAgentLoads(client, scope.tenantId, [state.assigneeUserId]);
      if (load && load.openCount >= load.maxOpen) throw inboxErrors.capReached('conversationId', load.maxOpen);
    }
    return changeStatus(client, scope, state, 'open', null);
  });
}

/** Puts a conversation away until a time; the snooze job (or the customer writing) opens it again. */
export function snoozeConversation(context: AppContext, scope: Scope, request: SnoozeRequest) {
  if (Date.parse(request.until) <= Date.now()) {
    throw errors.invalid('until', '必须是将来的时间', 'must be in the future');
  }
  return withTransaction(context.pool, async (client) => {
    const state = await requireConversation(client, scope, request.conversationId, { lock: true });
    if (state.status === 'resolved') throw inboxErrors.notSnoozable();
    return changeStatus(client, scope, state, 'snoozed', request.until);
  });
}
