import type { SeatCreationProgress } from '@ws/contract';
import type { z } from 'zod';
import { hashPassword } from '../../platform/auth/password.js';
import type { Scope } from '../../platform/auth/scope.js';
import { withTransaction } from '../../platform/db/pool.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { enqueue } from '../../platform/queue/jobs.js';
import { createSeatsJob } from './seat-batch-job.js';
import { insertSeatBatch, selectSeatBatchProgress } from './seat-batch-repository.js';

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
    const batchId = await insertSeatBatch(client, caller, {
      prefix: request.prefix,
      total: request.count,
      passwordHash,
      deptId,
    });
    await enqueue(client, createSeatsJob, { tenantId: caller.tenantId, batchId });
    return batchId;
  });
}

export async function seatBatchProgress(
  context: AppContext,
  caller: Scope,
  batchId: string,
): Promise<z.output<typeof SeatCreationProgress>> {
  const progress = await selectSeatBatchProgress(context.pool, caller, batchId);
  if (!progress) throw errors.notFound({ zh: '任务', en: 'Task' });
  return progress;
}
