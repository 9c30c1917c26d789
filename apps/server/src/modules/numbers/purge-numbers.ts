/**
 * Deleting recycled numbers for good: the number row and what only has meaning with it.
 *
 * Removed: its tags (number_tag), its send queue and lane (the queued messages are marked failed
 * with `number_purged`, so whoever queued them sees why), its conversations (the per-number
 * 24-hour window), its daily message counts and its contact tally row. Its live and deleted
 * contacts stay, detached from it (number_id null; the tally moves to "no number" by the contact
 * triggers), because a contact is a person the business still knows, with consent evidence.
 *
 * Kept on purpose: the message history. It is the record of what the business said to each
 * person and when (consent, opt-outs, disputes) and belongs to the contact as much as to the
 * number; chat history shows it with the number's id when the number is gone. Also kept: the
 * daily contact statistics, import history rows and groups, which are history as well.
 */

import { RECYCLE_BIN_DAYS } from '@ws/contract';
import type pg from 'pg';
import type { Scope } from '../../platform/auth/scope.js';
import { withTransaction } from '../../platform/db/pool.js';

/** Purges the tenant's recycled numbers among `ids` in one transaction; returns how many. */
export async function purgeRecycledNumbers(pool: pg.Pool, scope: Scope, ids: string[]): Promise<number> {
  return withTransaction(pool, async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `select id from wa_number
        where tenant_id = $1 and id = any($2::bigint[]) and deleted_at is not null
        order by id for update`,
      [scope.tenantId, ids],
    );
    const purged = rows.map((row) => row.id);
    if (purged.length > 0) await purgeNumberRows(client, scope.tenantId, purged);
    return purged.length;
  });
}

/** Work of the product itself (the purge job) too: a tenant id, not a caller's scope. */
async function purgeNumberRows(client: pg.PoolClient, tenantId: string, ids: string[]): Promise<void> {
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

/** Numbers purged per transaction by the daily job. */
const PURGE_CHUNK = 50;

/**
 * Purges one chunk of numbers, of any tenant, that have been in the recycle bin longer than
 * RECYCLE_BIN_DAYS; returns how many. Each chunk commits on its own, so a job stopped midway
 * loses nothing and the next run goes on with what is left.
 */
export async function purgeExpiredChunk(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ tenant_id: string; ids: string[] }>(
    `select tenant_id, array_agg(id::text order by id) as ids from (
       select tenant_id, id from wa_number
        where deleted_at is not null and deleted_at <= now() - make_interval(days => $1)
        order by deleted_at limit $2
     ) expired group by tenant_id`,
    [RECYCLE_BIN_DAYS, PURGE_CHUNK],
  );
  let purged = 0;
  for (const { tenant_id: tenantId, ids } of rows) {
    purged += await withTransaction(pool, async (client) => {
      // Restored or purged since the select: only what is still expired is taken.
      const locked = await client.query<{ id: string }>(
        `select id from wa_number
          where tenant_id = $1 and id = any($2::bigint[]) and deleted_at <= now() - make_interval(days => $3)
          order by id for update`,
        [tenantId, ids, RECYCLE_BIN_DAYS],
      );
      const expired = locked.rows.map((row) => row.id);
      if (expired.length > 0) await purgeNumberRows(client, tenantId, expired);
      return expired.length;
    });
  }
  return purged;
}
