import type { MessagePurge } from '@ws/contract';
import { z } from 'zod';
import type { Scope } from '../../platform/auth/scope.js';
import { withTransaction } from '../../platform/db/pool.js';
import type { AppContext } from '../../platform/http/context.js';
import { defineJob, enqueue } from '../../platform/queue/jobs.js';
import { requireCustomer } from './customer-details.js';
import { lockPurgeRun, purgeMessageChunk, savePurgeChunk, startMessagePurge } from './message-purge-repository.js';

/** Messages deleted per transaction. */
export const PURGE_CHUNK_ROWS = 5_000;

/**
 * Purges a tenant's messages older than a day (`auth/clearmsg`), a chunk per transaction: the
 * deletion, the cursor and the count are saved together under the purge row's lock, so a worker
 * killed mid-way resumes after the last saved chunk, and a newer purge (a new run number) makes
 * this one stop at its next chunk. Deleting through the partitioned parent with the partition key
 * in the condition touches only the months before the day.
 */
export const messagePurgeJob = defineJob({
  name: 'message_purge',
  payload: z.object({ tenantId: z.string(), runNo: z.number().int() }),
  maxAttempts: 5,
  async handle({ tenantId, runNo }, _helpers, context) {
    while (await purgeChunk(context, tenantId, runNo)) {
      // next chunk
    }
  },
});

/** Purges one chunk; false when the purge is over (done or superseded). */
export function purgeChunk(context: AppContext, tenantId: string, runNo: number, chunkRows = PURGE_CHUNK_ROWS) {
  return withTransaction(context.pool, async (client) => {
    const run = await lockPurgeRun(client, tenantId, runNo);
    if (!run) return false;
    const chunk = await purgeMessageChunk(client, tenantId, run, chunkRows);
    const done = chunk.deleted < chunkRows;
    await savePurgeChunk(client, tenantId, {
      deleted: chunk.deleted,
      lastCreatedAt: chunk.last_created_at,
      lastId: chunk.last_id,
      done,
    });
    return !done;
  });
}

/** `auth/clearmsg`: starts the purge (replacing a running one) and queues its job, in one transaction. */
export function clearCustomerMessages(
  context: AppContext,
  scope: Scope,
  tenantId: string,
  before: string,
): Promise<z.output<typeof MessagePurge>> {
  return withTransaction(context.pool, async (client) => {
    await requireCustomer(client, scope, tenantId, { lock: true });
    const purge = await startMessagePurge(client, tenantId, new Date(`${before}T00:00:00Z`), scope.userId);
    await enqueue(client, messagePurgeJob, { tenantId, runNo: purge.run_no });
    return purge;
  });
}
