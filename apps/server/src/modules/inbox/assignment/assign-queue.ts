import type pg from 'pg';
import { z } from 'zod';
import { withTransaction } from '../../../platform/db/pool.js';
import type { AppContext } from '../../../platform/http/context.js';
import { defineJob, enqueue } from '../../../platform/queue/jobs.js';
import { publishConversationEvents } from '../inbox-events.js';
import { assignWaiting } from './assign-waiting.js';
import { lockAssignableQueue } from './queue-repository.js';

/** Conversations considered per transaction. */
const CHUNK = 200;

/**
 * Assigns a tenant's waiting conversations (unassigned and open) to the agents available now, by
 * the drain's rules (`assignWaiting`, `plan-assignments.ts`), oldest first, a chunk per
 * transaction: the chunk's conversation rows are locked first, then its agents' rows in user id
 * order, their loads counted after the lock (decision 0016, points 3 and 4), and each assignment's
 * `conversation.assigned` event is published in the chunk's transaction. Stops when a chunk
 * assigns nothing (every agent that looked available is full) or the queue has no more
 * conversations an available agent serves. Answers how many it assigned.
 */
export async function assignQueue(context: Pick<AppContext, 'pool'>, tenantId: string): Promise<number> {
  let assigned = 0;
  for (;;) {
    const chunk = await withTransaction(context.pool, async (client) => {
      const waiting = await lockAssignableQueue(client, tenantId, CHUNK);
      // Conversations of the queue: every hand-over is one given to an agent.
      const handOvers = await assignWaiting(client, tenantId, waiting);
      const byId = new Map(waiting.map((w) => [w.conversationId, w]));
      await publishConversationEvents(
        client,
        tenantId,
        handOvers.map((h) => ({
          conversationId: h.conversationId,
          // It left its number's queue: the number's agents drop it from their lists.
          leftQueue: true,
          event: {
            type: 'conversation.assigned' as const,
            data: {
              conversation_id: h.conversationId,
              number_id: byId.get(h.conversationId)?.numberId ?? '',
              contact_id: byId.get(h.conversationId)?.contactId ?? '',
              assignee_user_id: h.to,
              previous_user_id: null,
              status: 'open' as const,
            },
          },
        })),
      );
      return { considered: waiting.length, assigned: handOvers.length };
    });
    assigned += chunk.assigned;
    if (chunk.assigned === 0 || chunk.considered < CHUNK) return assigned;
  }
}

export const inboxQueueAssignJob = defineJob({
  name: 'inbox_queue_assign',
  payload: z.object({ tenantId: z.string() }),
  maxAttempts: 3,
  async handle(payload, _helpers, context) {
    const assigned = await assignQueue(context, payload.tenantId);
    if (assigned > 0) context.logger.info({ tenantId: payload.tenantId, assigned }, 'waiting conversations assigned');
  },
});

/** One waiting job per tenant: triggers that come while it waits are one run (graphile-worker's `replace`). */
export const queueAssignmentKey = (tenantId: string) => `${inboxQueueAssignJob.name}:${tenantId}`;

/**
 * Asks for the tenant's queue to be assigned, in the caller's transaction: an agent's slot was
 * freed (a conversation resolved or handed over) or its settings changed (a higher cap, more numbers).
 */
export function requestQueueAssignment(client: pg.PoolClient, tenantId: string): Promise<void> {
  return enqueue(client, inboxQueueAssignJob, { tenantId }, { jobKey: queueAssignmentKey(tenantId) });
}
