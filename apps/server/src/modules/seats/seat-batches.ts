import type { SeatCreationProgress } from '@ws/contract';
import type { z } from 'zod';
import { hashPassword } from '../../platform/auth/password.js';
import type { Scope } from '../../platform/auth/scope.js';
import { withTransaction } from '../../platform/db/pool.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { enqueue } from '../../platform/queue/jobs.js';
import { createSeatsJob } from './seat-batch-job.js';

export interface SeatBatchRequest {
  count: number;
  prefix: string;
  password: string;
}

/** Records the batch and queues its job in one transaction; the seats join the caller's department. */
export async function startSeatBatch(
  context: AppContext,
  caller: Scope,
  deptId: string,
  request: SeatBatchRequest,
): Promise<string> {
  const passwordHash = await hashPassword(request.password);
  return withTransaction(context.pool, async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `insert into seat_batch (tenant_id, prefix, total, password_hash, dept_id, created_by)
       values ($1, $2, $3, $4, $5, $6) returning id`,
      [caller.tenantId, request.prefix, request.count, passwordHash, deptId, caller.userId],
    );
    const batchId = rows[0]?.id;
    if (!batchId) throw new Error('seat batch insert returned nothing');
    await enqueue(client, createSeatsJob, { tenantId: caller.tenantId, batchId });
    return batchId;
  });
}

export async function seatBatchProgress(
  context: AppContext,
  caller: Scope,
  batchId: string,
): Promise<z.output<typeof SeatCreationProgress>> {
  const { rows } = await context.pool.query<z.output<typeof SeatCreationProgress>>(
    `select id as task_id, status, total, next_index - 1 as done, created, skipped, error
       from seat_batch where tenant_id = $1 and id = $2`,
    [caller.tenantId, batchId],
  );
  const progress = rows[0];
  if (!progress) throw errors.notFound({ zh: '任务', en: 'Task' });
  return progress;
}
