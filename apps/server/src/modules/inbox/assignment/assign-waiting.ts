import type { Db } from '../../../platform/db/pool.js';
import {
  advanceTurns,
  type HandOver,
  lockAgents,
  recordHandOvers,
  selectAgentLoads,
  selectNumberAgents,
} from './assignment-repository.js';
import { planAssignments } from './plan-assignments.js';

/** An open conversation without an agent: the customer just wrote to it, or it waits in the queue. */
export interface WaitingConversation {
  conversationId: string;
  numberId: string;
  /** The agent it had before the customer reopened it (resolved), else null. */
  previousAssignee: string | null;
  /** The contact's owner (`contact.owner_user_id`): preferred when it serves the number (sticky). */
  ownerUserId: string | null;
  /**
   * Already unassigned in the database (waiting in the queue, `assign-queue.ts`): only an agent
   * taking it is a change of hands. Else the drain's conversation, which may be leaving
   * `previousAssignee` even when nobody takes it.
   */
  inQueue?: boolean;
}

/**
 * Assigns one tenant's waiting conversations, set-based: one statement each reads the numbers'
 * agents, locks them (user id order), reads their loads after the lock, writes the assignments
 * and the history, and moves the round robin on, whatever the number of conversations. Who
 * cannot be assigned stays in its number's queue. Answers the changes of hands.
 */
export async function assignWaiting(
  db: Db,
  tenantId: string,
  waiting: readonly WaitingConversation[],
): Promise<HandOver[]> {
  if (waiting.length === 0) return [];
  const numberAgents = await selectNumberAgents(db, tenantId, [...new Set(waiting.map((w) => w.numberId))]);
  const userIds = [...new Set(numberAgents.map((agent) => agent.userId))];
  await lockAgents(db, tenantId, userIds);
  const loads = await selectAgentLoads(db, tenantId, userIds);
  const plan = planAssignments(
    waiting.map((w) => ({
      conversationId: w.conversationId,
      numberId: w.numberId,
      preferred: [w.previousAssignee, w.ownerUserId],
    })),
    numberAgents,
    loads,
    new Date(),
  );
  const given = new Map(plan.map((assignment) => [assignment.conversationId, assignment.userId]));
  const handOvers: HandOver[] = [];
  for (const w of waiting) {
    const to = given.get(w.conversationId) ?? null;
    const from = w.inQueue ? null : w.previousAssignee;
    // A first assignment, or a reopened conversation going back (to its agent, another, or the queue).
    if (to !== null || from !== null) {
      handOvers.push({
        conversationId: w.conversationId,
        from,
        to,
        by: null,
        reason: from === null ? 'auto' : 'reopen',
        note: '',
      });
    }
  }
  await recordHandOvers(db, tenantId, handOvers);
  await advanceTurns(
    db,
    tenantId,
    plan.filter((assignment) => assignment.byRoundRobin),
  );
  return handOvers;
}
