import { z } from 'zod';
import { withTransaction } from '../../platform/db/pool.js';
import { defineJob } from '../../platform/queue/jobs.js';
import { insertUser, roleIdOf } from '../users/user-repository.js';

/** Seats created per transaction; the cursor is saved after each chunk. */
const CHUNK = 25;

interface BatchRow {
  prefix: string;
  total: number;
  passwordHash: string;
  deptId: string;
  nextIndex: number;
  status: string;
  createdBy: string;
}

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
          const { rows } = await client.query<BatchRow>(
            `select prefix, total, password_hash as "passwordHash", dept_id as "deptId", next_index as "nextIndex",
                    status, created_by as "createdBy"
               from seat_batch where tenant_id = $1 and id = $2 for update`,
            [tenantId, batchId],
          );
          const batch = rows[0];
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
          await client.query(
            `update seat_batch set next_index = $3, created = created || $4::text[], skipped = skipped || $5::text[],
                    status = $6, updated_at = now()
              where tenant_id = $1 and id = $2`,
            [tenantId, batchId, last + 1, created, skipped, done ? 'done' : 'running'],
          );
          return done;
        });
      }
    } catch (error) {
      if (helpers.job.attempts >= helpers.job.max_attempts) {
        await context.pool.query(
          `update seat_batch set status = 'failed', error = $3, updated_at = now() where tenant_id = $1 and id = $2`,
          [tenantId, batchId, (error as Error).message.slice(0, 500)],
        );
      }
      throw error;
    }
  },
});
