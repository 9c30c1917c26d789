import { z } from 'zod';
import { withTransaction } from '../../platform/db/pool.js';
import { defineJob } from '../../platform/queue/jobs.js';
import { insertUser, roleIdOf } from '../users/user-repository.js';
import { failSeatBatch, lockSeatBatch, saveSeatBatchChunk } from './seat-batch-repository.js';

/** Seats created per transaction; the cursor is saved after each chunk. */
const CHUNK = 25;

/**
 * Creates the seats `<prefix>1..<prefix>N` of a batch, a chunk per transaction. The cursor
 * (`next_index`) moves in the same transaction as the inserts, so a worker killed mid-batch
 * resumes exactly where it stopped and never creates a seat twice.
 */
export const createSeatsJob = defineJob({
  name: 'seats_create_batch',
  payload: z.object({ tenantId: z.string(), batchId: z.string() }),
  maxAttempts: 5,
  async handle({ tenantId, batchId }, helpers, context) {
    try {
      let finished = false;
      while (!finished) {
        finished = await withTransaction(context.pool, async (client) => {
          const batch = await lockSeatBatch(client, tenantId, batchId);
          if (!batch || batch.status === 'done' || batch.status === 'failed') return true;
          const seatRoleId = await roleIdOf(client, 'seat');
          const last = Math.min(batch.total, batch.nextIndex + CHUNK - 1);
          const created: string[] = [];
          const skipped: string[] = [];
          for (let index = batch.nextIndex; index <= last; index += 1) {
            const username = `${batch.prefix}${index}`;
            const id = await insertUser(client, {
              tenantId,
              username,
              passwordHash: batch.passwordHash,
              nickname: username,
              deptId: batch.deptId,
              roleId: seatRoleId,
              mass: 0,
              isOwner: false,
              createdBy: batch.createdBy,
            });
            (id ? created : skipped).push(username);
          }
          const done = last >= batch.total;
          await saveSeatBatchChunk(client, tenantId, batchId, { nextIndex: last + 1, created, skipped, done });
          return done;
        });
      }
    } catch (error) {
      if (helpers.job.attempts >= helpers.job.max_attempts) {
        await failSeatBatch(context.pool, tenantId, batchId, (error as Error).message);
      }
      throw error;
    }
  },
});
