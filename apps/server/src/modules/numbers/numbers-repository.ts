/**
 * SQL of the numbers screens' batch calls. Every statement is scoped by the caller's tenant, so an
 * id of another tenant matches nothing, exactly like an id that does not exist. Changes that a
 * running send lane must see are announced on `wa_number_state` in the same statement.
 */
import type pg from 'pg';
import type { Scope } from '../../platform/auth/scope.js';
import type { Db } from '../../platform/db/pool.js';
import { BoundValues } from '../../platform/db/sql-values.js';
import { PLATFORM_TENANT_ID } from '../../platform/tenants.js';
import { NUMBER_STATE_COLUMNS, type NumberState } from './number-rows.js';

/** Announces each changed number to the lane runners (they reload it before the next send). */
const notifyChanged = (tenant: string) => `select id::text as id,
  pg_notify('wa_number_state', json_build_object('tenantId', ${tenant}, 'numberId', id::text)::text) as notified
  from changed order by id`;

/** Runs `update wa_number set <assignments> where <tenant, ids, live>` and returns the ids it changed. */
async function updateLiveNumbers(
  db: Db,
  scope: Scope,
  ids: string[],
  assignments: (sql: BoundValues) => string,
): Promise<string[]> {
  const sql = new BoundValues();
  const tenant = sql.add(scope.tenantId, 'text');
  const chosen = sql.add(ids, 'bigint[]');
  const { rows } = await db.query<{ id: string }>(
    `with changed as (
       update wa_number n set ${assignments(sql)}, updated_at = now()
        where n.tenant_id = ${tenant} and n.id = any(${chosen}) and n.deleted_at is null
       returning n.id)
     ${notifyChanged(tenant)}`,
    sql.values,
  );
  return rows.map((row) => row.id);
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
export const moveOwner = (db: Db, scope: Scope, ids: string[], ownerUserId: string) =>
  updateLiveNumbers(db, scope, ids, (sql) => `owner_user_id = ${sql.add(ownerUserId, 'bigint')}`);

/** Whether an egress IP is enabled and the tenant's own or a system IP (the platform tenant's). */
/** Whether an egress IP the tenant may use (its own or a system one) is enabled; undefined: no such IP. */
export async function egressIpEnabled(db: Db, scope: Scope, ipId: string): Promise<boolean | undefined> {
  const { rows } = await db.query<{ enabled: boolean }>(
    'select enabled from egress_ip where id = $2 and tenant_id in ($1, $3)',
    [scope.tenantId, ipId, PLATFORM_TENANT_ID],
  );
  return rows[0]?.enabled;
}

export const setEgressIp = async (db: Db, scope: Scope, ids: string[], ipId: string | null) =>
  (await updateLiveNumbers(db, scope, ids, (sql) => `egress_ip_id = ${sql.add(ipId, 'bigint')}`)).length;

export const setStandby = async (db: Db, scope: Scope, ids: string[], standby: boolean) =>
  (await updateLiveNumbers(db, scope, ids, (sql) => `standby = ${sql.add(standby, 'boolean')}`)).length;

/**
 * Moves live numbers to the recycle bin. The lanes learn it at once (loadSendingNumber no longer
 * finds the number, so a lane stops as if paused); queued messages stay queued for a restore.
 */
export const recycleNumbers = async (db: Db, scope: Scope, ids: string[], userId: string) =>
  (await updateLiveNumbers(db, scope, ids, (sql) => `deleted_at = now(), deleted_by = ${sql.add(userId, 'bigint')}`))
    .length;

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

/** What Meta said of a number; null: it left the field out, and the stored value stays. */
export interface MetaNumberFields {
  qualityRating: string | null;
  messagingLimitTier: string | null;
  throughputLevel: string | null;
  throughputPerSecond: number | null;
  status: string | null;
  nameStatus: string | null;
  verifiedName: string | null;
  codeVerificationStatus: string | null;
}

/**
 * Records a check's answer on the live number and announces the change to the lane runners;
 * undefined when it is no longer a live number of the tenant.
 */
export async function recordNumberCheck(
  db: Db,
  scope: Scope,
  numberId: string,
  meta: MetaNumberFields,
): Promise<NumberState | undefined> {
  const { rows } = await db.query<NumberState>(
    `with changed as (
       update wa_number n
          set quality_rating = coalesce($3, n.quality_rating),
              messaging_limit_tier = coalesce($4, n.messaging_limit_tier),
              throughput_level = coalesce($5, n.throughput_level),
              throughput_per_second = coalesce($6, n.throughput_per_second),
              status = coalesce($7, n.status),
              name_status = coalesce($8, n.name_status),
              verified_name = coalesce($9, n.verified_name),
              code_verification_status = coalesce($10, n.code_verification_status),
              checked_at = now(), check_error = null, updated_at = now()
        where n.tenant_id = $1 and n.id = $2 and n.deleted_at is null
       returning ${NUMBER_STATE_COLUMNS}
     )
     select changed.*, pg_notify('wa_number_state', json_build_object('tenantId', $1::text, 'numberId', $2::text)::text)
       from changed`,
    [
      scope.tenantId,
      numberId,
      meta.qualityRating,
      meta.messagingLimitTier,
      meta.throughputLevel,
      meta.throughputPerSecond,
      meta.status,
      meta.nameStatus,
      meta.verifiedName,
      meta.codeVerificationStatus,
    ],
  );
  return rows[0];
}

/** Records why a check failed on the live number; undefined when it is no longer a live number of the tenant. */
export async function recordNumberCheckFailure(
  db: Db,
  scope: Scope,
  numberId: string,
  error: string,
): Promise<NumberState | undefined> {
  const { rows } = await db.query<NumberState>(
    `update wa_number n set checked_at = now(), check_error = $3, updated_at = now()
      where n.tenant_id = $1 and n.id = $2 and n.deleted_at is null
     returning ${NUMBER_STATE_COLUMNS}`,
    [scope.tenantId, numberId, error],
  );
  return rows[0];
}
