/** The platform's operation-log retention and the archive job's chunks (`operation_log_retention`, migration 0047). */
import type { OperationLogRetention } from '@ws/contract';
import type { Db } from '../../platform/db/pool.js';
import { isoTime } from '../../platform/db/sql-time.js';

const RETENTION = `r.days, r.archived::float8 as archived, ${isoTime('r.cursor_created_at')} as archived_through,
  r.last_file, ${isoTime('r.last_run_at')} as last_run_at, ${isoTime('r.updated_at')} as updated_at`;

export async function selectRetention(db: Db): Promise<OperationLogRetention> {
  const { rows } = await db.query<OperationLogRetention>(`select ${RETENTION} from operation_log_retention r`);
  return rows[0] as OperationLogRetention;
}

export async function updateRetention(db: Db, days: number, userId: string): Promise<OperationLogRetention> {
  const { rows } = await db.query<OperationLogRetention>(
    `update operation_log_retention r set days = $1, updated_at = now(), updated_by = $2 returning ${RETENTION}`,
    [days, userId],
  );
  return rows[0] as OperationLogRetention;
}

/** Takes the retention row's lock for one chunk (two runs then archive one after the other); answers the days. */
export async function lockRetention(db: Db): Promise<number> {
  const { rows } = await db.query<{ days: number }>('select days from operation_log_retention for update');
  return rows[0]?.days ?? 0;
}

/** An entry as the archive file keeps it: every column, times in the reply format. */
export interface ArchivedEntry {
  tenant_id: string;
  id: string;
  created_at: string;
  user_id: string | null;
  username: string | null;
  action: string;
  target: string | null;
  address: string | null;
  request_id: string | null;
}

/** The oldest entries past the retention, oldest first (the time index read backwards). */
export async function selectArchiveChunk(db: Db, days: number, limit: number): Promise<ArchivedEntry[]> {
  const { rows } = await db.query<ArchivedEntry>(
    `select o.tenant_id, o.id::text, ${isoTime('o.created_at')} as created_at, o.user_id::text, o.username,
            o.action, o.target, host(o.address) as address, o.request_id
       from operation_log o
      where o.created_at < now() - make_interval(days => $1)
      order by o.created_at, o.id limit $2`,
    [days, limit],
  );
  return rows;
}

/** Deletes the archived entries and saves the cursor, the count and the file with them. */
export async function saveArchiveChunk(db: Db, entries: readonly ArchivedEntry[], file: string): Promise<void> {
  const last = entries.at(-1);
  if (!last) return;
  await db.query(
    `delete from operation_log o using unnest($1::text[], $2::bigint[]) as a(tenant_id, id)
      where o.tenant_id = a.tenant_id and o.id = a.id`,
    [entries.map((entry) => entry.tenant_id), entries.map((entry) => entry.id)],
  );
  await db.query(
    `update operation_log_retention set archived = archived + $1, cursor_created_at = $2, cursor_id = $3,
            last_file = $4, last_run_at = now()`,
    [entries.length, last.created_at, last.id, file],
  );
}

/** Notes a run that found nothing to archive. */
export async function markArchiveRun(db: Db): Promise<void> {
  await db.query('update operation_log_retention set last_run_at = now()');
}
