import type { NewUpdateLog, UpdateLog } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { type Db, prepared } from '../../platform/db/pool.js';
import { isoTime } from '../../platform/db/sql-time.js';

/**
 * The update log is the platform's, the same for every tenant; what is per user is the newest
 * entry they have seen (update_log_seen), which says which entries are new to them.
 */

const lastSeen = `coalesce((select s.update_id from update_log_seen s where s.tenant_id = $1 and s.user_id = $2), 0)`;

const UPDATE_COLUMNS = `u.id, u.version, to_char(u.released_on, 'YYYY-MM-DD') as released_on, u.changes_zh, u.changes_en,
  ${isoTime('u.created_at')} as created_at`;

/** A page of the update log, newest release first, each entry marked new to the caller or not. */
export async function selectUpdateLogs(db: Db, scope: Scope, limit: number, offset: number) {
  const [page, counted] = await Promise.all([
    db.query<UpdateLog>(
      prepared(
        `select ${UPDATE_COLUMNS}, u.id > ${lastSeen} as is_new
           from update_log u order by u.released_on desc, u.id desc limit $3 offset $4`,
        [scope.tenantId, scope.userId, limit, offset],
      ),
    ),
    db.query<{ n: number }>('select count(*)::int as n from update_log'),
  ]);
  return { total: counted.rows[0]?.n ?? 0, records: page.rows };
}

/** Adds an entry (a version already used, ignoring case, fails on update_log_version_key). */
export async function insertUpdateLog(db: Db, scope: Scope, entry: NewUpdateLog): Promise<UpdateLog> {
  const { rows } = await db.query<UpdateLog>(
    `with u as (
       insert into update_log (version, released_on, changes_zh, changes_en, created_by)
       values ($3, $4, $5, $6, $2) returning *)
     select ${UPDATE_COLUMNS}, u.id > ${lastSeen} as is_new from u`,
    [scope.tenantId, scope.userId, entry.version, entry.releasedOn, entry.changesZh, entry.changesEn],
  );
  return rows[0] as UpdateLog;
}

/** Records that the caller has seen the update log up to its newest entry (never moving back). */
export async function upsertUpdatesSeen(db: Db, scope: Scope): Promise<void> {
  await db.query(
    `insert into update_log_seen (tenant_id, user_id, update_id)
     select $1, $2, max(id) from update_log having max(id) is not null
     on conflict (tenant_id, user_id) do update
       set update_id = greatest(update_log_seen.update_id, excluded.update_id), seen_at = now()`,
    [scope.tenantId, scope.userId],
  );
}
