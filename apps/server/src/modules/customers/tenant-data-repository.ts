import type { Db } from '../../platform/db/pool.js';

/**
 * Every table holding tenant rows: the leaf tables of the public schema with a `tenant_id` column
 * (partitions, not their partitioned parent, so each chunk deletes from one heap by ctid), the
 * tenant table itself left out. Read from the catalogue, so a table a later migration adds is
 * deleted too without touching this file.
 */
/**
 * Tables a deletion keeps: the wallet's append-only ledger (decision 0026) is the platform's money
 * history and refuses deletes; its rows keep the tenant row alive (`deleted_at` then says so).
 */
const KEPT_TABLES = ['ledger_account', 'ledger_transaction'];

export async function selectTenantTables(db: Db): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped
      where n.nspname = 'public' and c.relkind = 'r' and c.relname <> 'tenant' and c.relname <> all($1::text[])
      order by c.relname`,
    [KEPT_TABLES],
  );
  return rows.map((row) => row.name);
}

/**
 * Deletes up to `limit` of the tenant's rows of one table (a name from selectTenantTables, so
 * already quoted); how many it deleted.
 */
export async function deleteTenantRows(db: Db, table: string, tenantId: string, limit: number): Promise<number> {
  const { rowCount } = await db.query(
    `delete from only ${table} where ctid = any(array(select ctid from only ${table} where tenant_id = $1 limit $2))`,
    [tenantId, limit],
  );
  return rowCount ?? 0;
}

/**
 * The tenant's jobs waiting in graphile-worker (their payload names it), failed for good so no
 * worker runs them on data that is gone. The public `jobs` view has no payload, hence the table.
 */
export async function failTenantJobs(db: Db, tenantId: string): Promise<void> {
  await db.query(
    `select graphile_worker.permanently_fail_jobs(array_agg(j.id), 'tenant deleted')
       from graphile_worker._private_jobs j
      where j.payload->>'tenantId' = $1 and j.locked_at is null and j.attempts < j.max_attempts
     having count(*) > 0`,
    [tenantId],
  );
}

/**
 * The tenant row, once nothing refers to it any more; while the kept ledger still does, the row
 * stays, marked deleted. Answers what became of it.
 */
export async function deleteTenantRow(db: Db, tenantId: string): Promise<'deleted' | 'kept'> {
  try {
    await db.query('delete from tenant where id = $1 and deleting', [tenantId]);
    return 'deleted';
  } catch (error) {
    if ((error as { code?: string }).code !== '23503') throw error;
    await db.query('update tenant set deleted_at = coalesce(deleted_at, now()) where id = $1', [tenantId]);
    return 'kept';
  }
}

/** The tenant's state for its deletion job, locked; undefined once it is gone or no longer disabled. */
export async function lockTenantForDeletion(db: Db, tenantId: string) {
  const { rows } = await db.query<{
    due: boolean;
    deleting: boolean;
    export_requested: boolean;
    export_path: string | null;
  }>(
    `select delete_after <= now() as due, deleting, export_requested, export_path
       from tenant where id = $1 and disabled_at is not null and deleted_at is null`,
    [tenantId],
  );
  return rows[0];
}

export async function markTenantDeleting(db: Db, tenantId: string, exportPath: string | null): Promise<void> {
  await db.query('update tenant set deleting = true, export_path = coalesce($2, export_path) where id = $1', [
    tenantId,
    exportPath,
  ]);
}
