/**
 * SQL of the numbers screens' batch calls. Every statement is scoped by the caller's tenant, so an
 * id of another tenant matches nothing, exactly like an id that does not exist. Changes that a
 * running send lane must see are announced on `wa_number_state` in the same statement.
 */
import type pg from 'pg';
import type { Scope } from '../../platform/auth/scope.js';
import type { Db } from '../../platform/db/pool.js';
import { PLATFORM_TENANT_ID } from '../../platform/tenants.js';

/** Announces each changed number to the lane runners (they reload it before the next send). */
const NOTIFY_CHANGED = `select id::text as id,
  pg_notify('wa_number_state', json_build_object('tenantId', $1::text, 'numberId', id::text)::text) as notified
  from changed order by id`;

/** Runs `update wa_number set <assignments> where <tenant, ids, live>` and returns how many it changed. */
async function updateLiveNumbers(db: Db, scope: Scope, ids: string[], assignments: string, extra: unknown[]) {
  const { rowCount } = await db.query(
    `with changed as (
       update wa_number n set ${assignments}, updated_at = now()
        where n.tenant_id = $1 and n.id = any($2::bigint[]) and n.deleted_at is null
       returning n.id)
     ${NOTIFY_CHANGED}`,
    [scope.tenantId, ids, ...extra],
  );
  return rowCount ?? 0;
}

/** The caller's live numbers among `ids`. */
export async function liveNumberIds(db: Db, scope: Scope, ids: string[]): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    'select id from wa_number where tenant_id = $1 and id = any($2::bigint[]) and deleted_at is null order by id',
    [scope.tenantId, ids],
  );
  return rows.map((row) => row.id);
}

/** The ids among `tagIds` that are not number tags of the tenant. */
export async function unknownNumberTags(db: Db, scope: Scope, tagIds: string[]): Promise<string[]> {
  if (tagIds.length === 0) return [];
  const { rows } = await db.query<{ id: string }>(
    `select wanted.id::text from unnest($2::bigint[]) as wanted (id)
      where not exists (select 1 from tag t where t.tenant_id = $1 and t.id = wanted.id and t.kind = 'number')`,
    [scope.tenantId, tagIds],
  );
  return rows.map((row) => row.id);
}

/** Removes then adds tags on the numbers (tag counts follow through the number_tag triggers). */
export async function retagNumbers(
  client: pg.PoolClient,
  scope: Scope,
  numberIds: string[],
  change: { add: string[]; remove: string[] },
): Promise<void> {
  if (change.remove.length > 0) {
    await client.query(
      'delete from number_tag where tenant_id = $1 and number_id = any($2::bigint[]) and tag_id = any($3::bigint[])',
      [scope.tenantId, numberIds, change.remove],
    );
  }
  if (change.add.length > 0) {
    await client.query(
      `insert into number_tag (tenant_id, number_id, tag_id)
       select $1, n, t from unnest($2::bigint[]) n cross join unnest($3::bigint[]) t
       on conflict do nothing`,
      [scope.tenantId, numberIds, change.add],
    );
  }
}

/** Whether the user is an admin or operator of the tenant: seats (agents) do not own numbers. */
/** The role of a user of the tenant (undefined: no such user in this tenant). */
export async function userRole(db: Db, scope: Scope, userId: string): Promise<string | undefined> {
  const { rows } = await db.query<{ code: string }>(
    `select r.code from app_user u join role r on r.id = u.role_id where u.tenant_id = $1 and u.id = $2`,
    [scope.tenantId, userId],
  );
  return rows[0]?.code;
}

export async function numberOwners(db: Db, scope: Scope) {
  const { rows } = await db.query<{ id: string; username: string; nickname: string }>(
    `select u.id, u.username, u.nickname from app_user u join role r on r.id = u.role_id
      where u.tenant_id = $1 and r.code in ('admin', 'operator') order by u.username`,
    [scope.tenantId],
  );
  return rows;
}

/** Gives the live numbers among `ids` to another owner; returns the ids changed. */
export async function moveOwner(db: Db, scope: Scope, ids: string[], ownerUserId: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `with changed as (
       update wa_number n set owner_user_id = $3, updated_at = now()
        where n.tenant_id = $1 and n.id = any($2::bigint[]) and n.deleted_at is null
       returning n.id)
     ${NOTIFY_CHANGED}`,
    [scope.tenantId, ids, ownerUserId],
  );
  return rows.map((row) => row.id);
}

/** Whether an egress IP is enabled and the tenant's own or a system IP (the platform tenant's). */
/** Whether an egress IP the tenant may use (its own or a system one) is enabled; undefined: no such IP. */
export async function egressIpEnabled(db: Db, scope: Scope, ipId: string): Promise<boolean | undefined> {
  const { rows } = await db.query<{ enabled: boolean }>(
    'select enabled from egress_ip where id = $2 and tenant_id in ($1, $3)',
    [scope.tenantId, ipId, PLATFORM_TENANT_ID],
  );
  return rows[0]?.enabled;
}

export const setEgressIp = (db: Db, scope: Scope, ids: string[], ipId: string | null) =>
  updateLiveNumbers(db, scope, ids, 'egress_ip_id = $3', [ipId]);

export const setStandby = (db: Db, scope: Scope, ids: string[], standby: boolean) =>
  updateLiveNumbers(db, scope, ids, 'standby = $3', [standby]);

/**
 * Moves live numbers to the recycle bin. The lanes learn it at once (loadSendingNumber no longer
 * finds the number, so a lane stops as if paused); queued messages stay queued for a restore.
 */
export const recycleNumbers = (db: Db, scope: Scope, ids: string[], userId: string) =>
  updateLiveNumbers(db, scope, ids, 'deleted_at = now(), deleted_by = $3', [userId]);

/** The caller's paused live numbers among `ids`. */
export async function pausedNumberIds(db: Db, scope: Scope, ids: string[]): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `select id from wa_number
      where tenant_id = $1 and id = any($2::bigint[]) and deleted_at is null and paused_at is not null order by id`,
    [scope.tenantId, ids],
  );
  return rows.map((row) => row.id);
}

/**
 * Phones of recycled numbers among `ids` that cannot come back: a live number (of any tenant:
 * Meta's phone-number id is unique among live numbers) has their phone-number id, or two of the
 * selection share one.
 */
export async function restoreConflicts(db: Db, scope: Scope, ids: string[]): Promise<string[]> {
  const { rows } = await db.query<{ phone: string }>(
    `select phone from (
       select n.phone, n.phone_number_id, count(*) over (partition by n.phone_number_id) as twins
         from wa_number n
        where n.tenant_id = $1 and n.id = any($2::bigint[]) and n.deleted_at is not null
     ) recycled
      where twins > 1
         or exists (select 1 from wa_number o where o.phone_number_id = recycled.phone_number_id and o.deleted_at is null)
      order by phone`,
    [scope.tenantId, ids],
  );
  return rows.map((row) => row.phone);
}

/** Brings recycled numbers back and wakes their lanes, whose queued messages were kept. */
export async function restoreNumbers(db: Db, scope: Scope, ids: string[]): Promise<number> {
  const { rowCount } = await db.query(
    `with changed as (
       update wa_number set deleted_at = null, deleted_by = null, updated_at = now()
        where tenant_id = $1 and id = any($2::bigint[]) and deleted_at is not null
       returning id),
     lanes as (
       update send_lane l set due_at = now(), updated_at = now()
         from changed where l.tenant_id = $1 and l.number_id = changed.id)
     select pg_notify('wa_number_state', json_build_object('tenantId', $1::text, 'numberId', id::text)::text),
            pg_notify('wa_send_wake', json_build_object('tenantId', $1::text, 'numberId', id::text)::text)
       from changed`,
    [scope.tenantId, ids],
  );
  return rowCount ?? 0;
}
