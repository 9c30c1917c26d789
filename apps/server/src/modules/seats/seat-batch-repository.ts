import type { SeatCreationProgress } from '@ws/contract';
import type { z } from 'zod';
import type { Scope } from '../../platform/auth/scope.js';
import type { Db } from '../../platform/db/pool.js';

export interface SeatBatchRow {
  prefix: string;
  total: number;
  passwordHash: string;
  deptId: string;
  nextIndex: number;
  status: string;
  createdBy: string;
}

/** Records a batch of seats to create; its id. */
export async function insertSeatBatch(
  db: Db,
  scope: Scope,
  batch: { prefix: string; total: number; passwordHash: string; deptId: string },
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into seat_batch (tenant_id, prefix, total, password_hash, dept_id, created_by)
     values ($1, $2, $3, $4, $5, $6) returning id`,
    [scope.tenantId, batch.prefix, batch.total, batch.passwordHash, batch.deptId, scope.userId],
  );
  const id = rows[0]?.id;
  if (!id) throw new Error('seat batch insert returned nothing');
  return id;
}

/** The batch, locked until the transaction ends (the job's cursor is `nextIndex`). */
export async function lockSeatBatch(db: Db, tenantId: string, batchId: string): Promise<SeatBatchRow | undefined> {
  const { rows } = await db.query<SeatBatchRow>(
    `select prefix, total, password_hash as "passwordHash", dept_id as "deptId", next_index as "nextIndex",
            status, created_by as "createdBy"
       from seat_batch where tenant_id = $1 and id = $2 for update`,
    [tenantId, batchId],
  );
  return rows[0];
}

/** Saves a chunk's work and the cursor past it, in the chunk's transaction. */
export async function saveSeatBatchChunk(
  db: Db,
  tenantId: string,
  batchId: string,
  chunk: { nextIndex: number; created: string[]; skipped: string[]; done: boolean },
): Promise<void> {
  await db.query(
    `update seat_batch set next_index = $3, created = created || $4::text[], skipped = skipped || $5::text[],
            status = $6, updated_at = now()
      where tenant_id = $1 and id = $2`,
    [tenantId, batchId, chunk.nextIndex, chunk.created, chunk.skipped, chunk.done ? 'done' : 'running'],
  );
}

export async function failSeatBatch(db: Db, tenantId: string, batchId: string, error: string): Promise<void> {
  await db.query(
    `update seat_batch set status = 'failed', error = $3, updated_at = now() where tenant_id = $1 and id = $2`,
    [tenantId, batchId, error.slice(0, 500)],
  );
}

export async function selectSeatBatchProgress(
  db: Db,
  scope: Scope,
  batchId: string,
): Promise<z.output<typeof SeatCreationProgress> | undefined> {
  const { rows } = await db.query<z.output<typeof SeatCreationProgress>>(
    `select id as task_id, status, total, next_index - 1 as done, created, skipped, error
       from seat_batch where tenant_id = $1 and id = $2`,
    [scope.tenantId, batchId],
  );
  return rows[0];
}
