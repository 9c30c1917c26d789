import { z } from 'zod';
import { withTransaction } from '../../platform/db/pool.js';
import type { AppContext } from '../../platform/http/context.js';
import { defineJob } from '../../platform/queue/jobs.js';
import { publishEvents } from '../../platform/realtime/publish.js';
import {
  failPoolRun,
  giveOwners,
  lockPoolRun,
  memberChunk,
  recountPool,
  runQuotas,
  saveRunChunk,
} from './pool-run-repository.js';
import { pickTargets, type Quota } from './share-picker.js';

/** Members handled per transaction: their new owners, the shares' counts and the cursor are saved together. */
export const ALLOCATE_CHUNK = 5_000;

/**
 * A pool's run: walks its members in order, a chunk per transaction, and gives each contact
 * without a number one by the number shares and each without an agent one by the agent shares
 * (`pickTargets`); then counts the pool once. The cursor and what each target was given are saved
 * with the chunk, so a worker killed mid-run resumes where it stopped and gives no contact twice;
 * a newer run of the pool (shares set again, a deletion) makes this one stop at its next chunk.
 */
export const poolAllocateJob = defineJob({
  name: 'pool_allocate',
  payload: z.object({ tenantId: z.string(), poolId: z.string(), runNo: z.number().int() }),
  maxAttempts: 5,
  async handle({ tenantId, poolId, runNo }, helpers, context) {
    try {
      while (await allocateChunk(context, tenantId, poolId, runNo)) {
        // next chunk
      }
    } catch (error) {
      if (helpers.job.attempts >= helpers.job.max_attempts) {
        await failPoolRun(context.pool, tenantId, poolId, runNo, 'allocation_failed');
      }
      throw error;
    }
  },
});

/** Handles one chunk, or counts the pool when none is left; false when the run is over. */
export function allocateChunk(context: AppContext, tenantId: string, poolId: string, runNo: number): Promise<boolean> {
  return withTransaction(context.pool, async (client) => {
    const pool = await lockPoolRun(client, tenantId, poolId, runNo);
    if (pool?.status !== 'allocating') return false;
    const members = await memberChunk(client, tenantId, pool, ALLOCATE_CHUNK);
    if (members.length === 0) {
      const counts = await recountPool(client, tenantId, pool, true);
      await publishEvents(client, [
        {
          tenantId,
          roles: ['admin', 'operator'],
          event: { type: 'pool.progress', data: { pool_id: poolId, status: 'idle', ...counts } },
        },
      ]);
      return false;
    }
    const numbers = await runQuotas(client, tenantId, poolId, 'number');
    const agents = await runQuotas(client, tenantId, poolId, 'agent');
    const needNumber = members.filter((member) => member.number_id === null);
    const needAgent = members.filter((member) => member.owner_user_id === null);
    const numberPicks = new Map(zip(needNumber, pickTargets(pool.mode, numbers, needNumber.length)));
    const agentPicks = new Map(zip(needAgent, pickTargets(pool.mode, agents, needAgent.length)));
    const gifts = members
      .map((member) => ({
        id: member.id,
        numberId: numberPicks.get(member) ?? null,
        userId: agentPicks.get(member) ?? null,
      }))
      .filter((gift) => gift.numberId !== null || gift.userId !== null);
    const assigned = gifts.length > 0 ? await giveOwners(client, tenantId, gifts) : [];
    await saveRunChunk(client, tenantId, poolId, (members.at(-1) as { position: number }).position, [
      ...given('number', numbers),
      ...given('agent', agents),
    ]);
    await publishEvents(client, assigneeEvents(tenantId, assigned));
    return true;
  });
}

function zip<A, B>(left: A[], right: B[]): [A, B][] {
  return left.map((item, index) => [item, right[index] as B]);
}

const given = (target: 'number' | 'agent', quotas: Quota[]) =>
  quotas.map((quota) => ({ target, targetId: quota.targetId, given: quota.given }));

/** Each agent who was given contacts is told, with the admins and operators (as a move does). */
function assigneeEvents(tenantId: string, assigned: { id: string; owner_user_id: string }[]) {
  const byAgent = new Map<string, string[]>();
  for (const contact of assigned) {
    const ids = byAgent.get(contact.owner_user_id) ?? [];
    ids.push(contact.id);
    byAgent.set(contact.owner_user_id, ids);
  }
  return [...byAgent].map(([agent, ids]) => ({
    tenantId,
    assignees: [agent],
    event: { type: 'assignee.changed' as const, data: { subject: 'contact' as const, ids, owner_user_id: agent } },
  }));
}
