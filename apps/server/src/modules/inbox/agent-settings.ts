import type { AgentFilter, AgentSettings, AgentSettingsEdit, Presence, PresenceState } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { withTransaction } from '../../platform/db/pool.js';
import { cappedPage } from '../../platform/http/capped-page.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { countAgents, countLiveNumbers, saveAgentSettings, selectAgents, upsertPresence } from './agent-repository.js';
import { inboxQueueAssignJob, queueAssignmentKey, requestQueueAssignment } from './assignment/assign-queue.js';
import { lockAgents } from './assignment/assignment-repository.js';
import { requireConversation } from './inbox-access.js';

const USER_NOT_FOUND = { zh: 'userId: 用户', en: 'userId: User' };

/**
 * The client's heartbeat: online or away, and heard from now. An agent coming online (it was not
 * before this heartbeat) has the tenant's queue assigned, by a job queued in the same statement; a
 * heartbeat that changes nothing is that one statement and nothing more.
 */
export async function heartbeat(context: AppContext, scope: Scope, state: PresenceState): Promise<Presence> {
  const { presence } = await upsertPresence(context.pool, scope, state, {
    name: inboxQueueAssignJob.name,
    payload: { tenantId: scope.tenantId },
    key: queueAssignmentKey(scope.tenantId),
    maxAttempts: inboxQueueAssignJob.maxAttempts,
  });
  return presence;
}

/** The signed-in agent as operators set it up. */
export async function mySettings(context: AppContext, scope: Scope): Promise<AgentSettings> {
  const [me] = await selectAgents(context.pool, scope, { userId: scope.userId }, 1, 0);
  if (!me) throw errors.notFound(USER_NOT_FOUND);
  return me;
}

export function listAgents(context: AppContext, scope: Scope, filter: AgentFilter) {
  const criteria = { search: filter.filters.search };
  return cappedPage(
    filter,
    (cap) => countAgents(context.pool, scope, criteria, cap),
    (limit, offset) => selectAgents(context.pool, scope, criteria, limit, offset),
  );
}

/**
 * Sets the numbers an agent serves and its cap. Under the agent's row lock, so a change never
 * lands in the middle of an assignment that is checking the old cap; then the queue is assigned again.
 */
export function setAgentSettings(context: AppContext, scope: Scope, edit: AgentSettingsEdit): Promise<AgentSettings> {
  return withTransaction(context.pool, async (client) => {
    const [agent] = await selectAgents(client, scope, { userId: edit.userId }, 1, 0);
    if (!agent) throw errors.notFound(USER_NOT_FOUND);
    if ((await countLiveNumbers(client, scope.tenantId, edit.numberIds)) !== edit.numberIds.length) {
      throw errors.notFound({ zh: 'numberIds: 号码', en: 'numberIds: Number' });
    }
    await lockAgents(client, scope.tenantId, [edit.userId]);
    await saveAgentSettings(client, scope.tenantId, edit.userId, { maxOpen: edit.maxOpen, numberIds: edit.numberIds });
    // A higher cap or another number may let the agent take conversations waiting in a queue.
    await requestQueueAssignment(client, scope.tenantId);
    const [saved] = await selectAgents(client, scope, { userId: edit.userId }, 1, 0);
    return saved as AgentSettings;
  });
}

/** The most transfer targets answered at once. */
const TRANSFER_TARGETS = 200;

/** The other agents of the conversation's number, to hand it to (their presence and load shown). */
export async function transferTargets(context: AppContext, scope: Scope, conversationId: string) {
  const state = await requireConversation(context.pool, scope, conversationId);
  return selectAgents(context.pool, scope, { servingNumber: state.numberId }, TRANSFER_TARGETS, 0);
}
