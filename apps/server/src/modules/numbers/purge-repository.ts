/** SQL of purging recycled numbers; what goes, what stays and why is told in purge-numbers.ts. */

import type pg from 'pg';
import type { Scope } from '../../platform/auth/scope.js';
import type { Db } from '../../platform/db/pool.js';

/** The tenant's recycled numbers among `ids`, locked until commit. */
export async function lockRecycledNumbers(client: pg.PoolClient, scope: Scope, ids: string[]): Promise<string[]> {
  const { rows } = await client.query<{ id: string }>(
    `select id from wa_number
      where tenant_id = $1 and id = any($2::bigint[]) and deleted_at is not null
      order by id for update`,
    [scope.tenantId, ids],
  );
  return rows.map((row) => row.id);
}

/** Work of the product itself (the purge job) too: a tenant id, not a caller's scope. */
export async function purgeNumberRows(client: pg.PoolClient, tenantId: string, ids: string[]): Promise<void> {
  const run = (sql: string) => client.query(sql, [tenantId, ids]);
  await run(
    `update message m set status = 'failed', error_title = 'number_purged', failed_at = now(), status_at = now()
       from send_queue q
      where q.tenant_id = $1 and q.number_id = any($2::bigint[])
        and m.tenant_id = q.tenant_id and m.created_at = q.message_created_at and m.id = q.message_id
        and m.status = 'queued'`,
  );
  await run('delete from send_queue where tenant_id = $1 and number_id = any($2::bigint[])');
  await run('delete from send_lane where tenant_id = $1 and number_id = any($2::bigint[])');
  await run('delete from conversation where tenant_id = $1 and number_id = any($2::bigint[])');
  await run('delete from number_daily_count where tenant_id = $1 and number_id = any($2::bigint[])');
  await run('delete from number_tag where tenant_id = $1 and number_id = any($2::bigint[])');
  // Warm-up plans forget a number that no longer exists (the plan's portfolio days stay).
  await run('delete from warmup_plan_number where tenant_id = $1 and number_id = any($2::bigint[])');
  await run('delete from warmup_number_day where tenant_id = $1 and number_id = any($2::bigint[])');
  // Live contacts by their list index, then deleted ones (a deleted contact who writes again
  // comes back, and must not come back to a number that no longer exists).
  for (const state of ['deleted_at is null', 'deleted_at is not null']) {
    await run(
      `update contact set number_id = null, updated_at = now()
        where tenant_id = $1 and number_id = any($2::bigint[]) and ${state}`,
    );
  }
  await run('delete from contact_tally where tenant_id = $1 and number_id = any($2::bigint[])');
  await run('delete from wa_number where tenant_id = $1 and id = any($2::bigint[])');
}

/** Up to `limit` numbers of any tenant in the recycle bin for longer than `binDays`, longest first, by tenant. */
export async function expiredRecycledNumbers(
  db: Db,
  binDays: number,
  limit: number,
): Promise<{ tenantId: string; ids: string[] }[]> {
  const { rows } = await db.query<{ tenantId: string; ids: string[] }>(
    `select tenant_id as "tenantId", array_agg(id::text order by id) as ids from (
       select tenant_id, id from wa_number
        where deleted_at is not null and deleted_at <= now() - make_interval(days => $1)
        order by deleted_at limit $2
     ) expired group by tenant_id`,
    [binDays, limit],
  );
  return rows;
}

/** The tenant's numbers among `ids` still in the recycle bin for longer than `binDays`, locked until commit. */
export async function lockExpiredNumbers(
  client: pg.PoolClient,
  tenantId: string,
  ids: string[],
  binDays: number,
): Promise<string[]> {
  const { rows } = await client.query<{ id: string }>(
    `select id from wa_number
      where tenant_id = $1 and id = any($2::bigint[]) and deleted_at <= now() - make_interval(days => $3)
      order by id for update`,
    [tenantId, ids, binDays],
  );
  return rows.map((row) => row.id);
}
