import type { AssignRequest, InboxConversation } from '@ws/contract';
import type pg from 'pg';
import { type Scope, withinGrantedConversation } from '../../platform/auth/scope.js';
import { withTransaction } from '../../platform/db/pool.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { requestQueueAssignment } from './assignment/assign-queue.js';
import {
  ensureAgentSettings,
  type HandOver,
  lockAgents,
  recordHandOvers,
  selectAgentLoads,
} from './assignment/assignment-repository.js';
import type { ConversationState } from './conversation-repository.js';
import { selectConversationState, selectTenantAgent } from './conversation-repository.js';
import { CONVERSATION_NOT_FOUND, inboxErrors, requireConversation, requireOwnConversation } from './inbox-access.js';
import { publishConversationEvents } from './inbox-events.js';
import { selectInboxConversation } from './inbox-repository.js';

/**
 * Checks the agent's cap under its row lock: the count is read after the lock, so of two
 * assignments racing for its last slot the second sees the first (decision 0016).
 */
async function claimSlot(client: pg.PoolClient, tenantId: string, userId: string, field: string): Promise<void> {
  await ensureAgentSettings(client, tenantId, [userId]);
  await lockAgents(client, tenantId, [userId]);
  const [load] = await selectAgentLoads(client, tenantId, [userId]);
  if (load && load.openCount >= load.maxOpen) throw inboxErrors.capReached(field, load.maxOpen);
}

async function handOver(client: pg.PoolClient, scope: Scope, state: ConversationState, change: HandOver) {
  await recordHandOvers(client, scope.tenantId, [change]);
  await publishConversationEvents(client, scope.tenantId, [
    {
      conversationId: state.id,
      also: [change.from],
      leftQueue: change.from === null,
      event: {
        type: 'conversation.assigned',
        data: {
          conversation_id: state.id,
          number_id: state.numberId,
          contact_id: state.contactId,
          assignee_user_id: change.to,
          previous_user_id: change.from,
          status: state.status,
        },
      },
    },
  ]);
}

async function reply(client: pg.PoolClient, scope: Scope, conversationId: string): Promise<InboxConversation> {
  const row = await selectInboxConversation(client, scope, conversationId);
  if (!row) throw errors.notFound(CONVERSATION_NOT_FOUND);
  return row;
}

/**
 * An agent takes a conversation waiting on one of its numbers. The row lock makes takes of one
 * conversation take turns: the first wins, the others find it assigned and get a 409.
 */
export function takeConversation(context: AppContext, scope: Scope, conversationId: string) {
  return withTransaction(context.pool, async (client) => {
    const state = await selectConversationState(client, scope, conversationId, { lock: true });
    if (!state) throw errors.notFound(CONVERSATION_NOT_FOUND);
    if (state.assigneeUserId === scope.userId) return reply(client, scope, conversationId);
    // A seat that does not serve the number never saw it; one that does may have seen it in its queue.
    if (scope.assignee !== undefined && !state.callerServes && state.assigneeUserId !== scope.userId) {
      throw errors.notFound(CONVERSATION_NOT_FOUND);
    }
    if (state.assigneeUserId !== null || state.status !== 'open') throw inboxErrors.taken();
    if (!state.callerServes) throw inboxErrors.notServed();
    await claimSlot(client, scope.tenantId, scope.userId, 'conversationId');
    await handOver(client, scope, state, {
      conversationId,
      from: null,
      to: scope.userId,
      by: scope.userId,
      reason: 'take',
      note: '',
    });
    return reply(client, scope, conversationId);
  });
}

/**
 * An operator (any conversation of the tenant) or the conversation's agent gives it to another
 * agent, or back to its number's queue, with a note for the history. The new agent's cap applies
 * unless the conversation is resolved (it holds no slot). A slot freed or a conversation put back
 * in the queue has the queue assigned again.
 */
export function assignConversation(context: AppContext, scope: Scope, request: AssignRequest) {
  return withTransaction(context.pool, async (client) => {
    const state = await requireConversation(client, scope, request.conversationId, { lock: true });
    requireOwnConversation(scope, state);
    const to = request.assigneeUserId;
    if (to !== null && !(await selectTenantAgent(client, scope.tenantId, to))) {
      throw errors.notFound({ zh: 'assigneeUserId: 用户', en: 'assigneeUserId: User' });
    }
    if (to === state.assigneeUserId) return reply(client, scope, state.id);
    if (to !== null && state.status !== 'resolved') await claimSlot(client, scope.tenantId, to, 'assigneeUserId');
    await handOver(client, scope, state, {
      conversationId: state.id,
      from: state.assigneeUserId,
      to,
      by: scope.userId,
      reason: 'assign',
      note: request.note,
    });
    // The previous agent has a slot free (and a conversation put back in the queue waits there for
    // the next agent available): assign the queue again.
    if (state.status !== 'resolved' && state.assigneeUserId !== null) {
      await requestQueueAssignment(client, scope.tenantId);
    }
    // A seat that gave its conversation away no longer sees it: the reply is what it did.
    const row = await selectInboxConversation(client, withinGrantedConversation(scope), state.id);
    if (!row) throw errors.notFound(CONVERSATION_NOT_FOUND);
    return row;
  });
}
