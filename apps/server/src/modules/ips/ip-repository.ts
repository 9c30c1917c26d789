import type { EgressIp, IpProtocol, Language } from '@ws/contract';
import { likePattern } from '../../platform/db/like-pattern.js';
import { type Pool, prepared } from '../../platform/db/pool.js';
import { isoTime } from '../../platform/db/sql-time.js';
import { BoundValues } from '../../platform/db/sql-values.js';
import { checkErrorText } from './check-errors.js';
import type { IpOwner } from './ip-scope.js';

export interface IpFilter {
  id?: string;
  /** null: IPs in no group. */
  groupId?: string | null | undefined;
  search?: string | undefined;
  enabled?: boolean | undefined;
}

interface IpRow {
  id: string;
  protocol: IpProtocol;
  host: string;
  port: number;
  username: string;
  has_password: boolean;
  group_id: string | null;
  group_name: string | null;
  enabled: boolean;
  remark: string;
  numbers: number;
  checked_at: string | null;
  check_ok: boolean | null;
  check_ms: number | null;
  check_error: string | null;
  created_at: string;
}

function toEgressIp(owner: IpOwner, language: Language, row: IpRow): EgressIp {
  return {
    id: row.id,
    scope: owner.scope,
    protocol: row.protocol,
    host: row.host,
    port: row.port,
    username: owner.showCredentials ? row.username : null,
    has_password: owner.showCredentials ? row.has_password : null,
    group: row.group_id === null ? null : { id: row.group_id, name: row.group_name ?? '' },
    enabled: row.enabled,
    remark: row.remark,
    numbers: row.numbers,
    check:
      row.checked_at === null
        ? null
        : {
            checked_at: row.checked_at,
            ok: row.check_ok ?? false,
            ms: row.check_ms,
            error: checkErrorText(row.check_error, language),
          },
    created_at: row.created_at,
  };
}

/** The `where` conditions of a filter over `egress_ip e`. */
function conditions(owner: IpOwner, filter: IpFilter, sql: BoundValues): string {
  const where = [`e.tenant_id = ${sql.add(owner.tenantId, 'text')}`];
  if (filter.id !== undefined) where.push(`e.id = ${sql.add(filter.id, 'bigint')}`);
  if (filter.groupId === null) where.push('e.group_id is null');
  else if (filter.groupId !== undefined) where.push(`e.group_id = ${sql.add(filter.groupId, 'bigint')}`);
  if (filter.enabled !== undefined) where.push(`e.enabled = ${sql.add(filter.enabled, 'boolean')}`);
  if (filter.search) {
    const pattern = sql.add(likePattern(filter.search), 'text');
    where.push(`(e.host ilike ${pattern} or e.remark ilike ${pattern})`);
  }
  return where.join(' and ');
}

/**
 * A page of IPs, newest first. A tenant has at most thousands of proxies, so the total is a window
 * count; group names and number counts are looked up for the page's rows only.
 */
export async function selectIps(
  pool: Pool,
  owner: IpOwner,
  language: Language,
  filter: IpFilter,
  limit: number,
  offset: number,
): Promise<{ ips: EgressIp[]; total: number | undefined }> {
  const sql = new BoundValues();
  const where = conditions(owner, filter, sql);
  const page = `limit ${sql.add(limit, 'int')} offset ${sql.add(offset, 'int')}`;
  const numbersOf = owner.numbersOf === undefined ? '' : `and n.tenant_id = ${sql.add(owner.numbersOf, 'text')}`;
  const { rows } = await pool.query<IpRow & { total: number }>(
    prepared(
      `with page as (
         select e.*, count(*) over ()::int as total from egress_ip e
          where ${where}
          order by e.id desc
          ${page}
       )
       select p.id::text, p.protocol, p.host, p.port, p.username, p.password_encrypted is not null as has_password,
              g.id::text as group_id, g.name as group_name, p.enabled, p.remark,
              (select count(*)::int from wa_number n
                where n.egress_ip_id = p.id and n.deleted_at is null ${numbersOf}) as numbers,
              ${isoTime('p.checked_at')} as checked_at, p.check_ok, p.check_ms, p.check_error,
              ${isoTime('p.created_at')} as created_at, p.total
         from page p
         left join egress_ip_group g on g.tenant_id = p.tenant_id and g.id = p.group_id
        order by p.id desc`,
      sql.values,
    ),
  );
  return { ips: rows.map((row) => toEgressIp(owner, language, row)), total: rows[0]?.total };
}

export async function countIps(pool: Pool, owner: IpOwner, filter: IpFilter): Promise<number> {
  const sql = new BoundValues();
  const where = conditions(owner, filter, sql);
  const { rows } = await pool.query<{ total: number }>(
    prepared(`select count(*)::int as total from egress_ip e where ${where}`, sql.values),
  );
  return rows[0]?.total ?? 0;
}

export interface NewIp {
  protocol: IpProtocol;
  host: string;
  port: number;
  username: string;
  /** Sealed with the token cipher; null: no password. */
  passwordSealed: string | null;
}

/** Inserts the IPs; those whose address the tenant already has are skipped. Returns the new ids by address. */
export async function insertIps(
  pool: Pool,
  owner: IpOwner,
  common: { groupId: string | null; remark: string },
  ips: readonly NewIp[],
): Promise<Map<string, string>> {
  const { rows } = await pool.query<{ id: string; host: string; port: number; username: string }>(
    `insert into egress_ip (tenant_id, group_id, remark, protocol, host, port, username, password_encrypted)
     select $1, $2, $3, t.* from unnest($4::text[], $5::text[], $6::int[], $7::text[], $8::text[]) as t
     on conflict (tenant_id, host, port, username) do nothing
     returning id::text, host, port, username`,
    [
      owner.tenantId,
      common.groupId,
      common.remark,
      ips.map((ip) => ip.protocol),
      ips.map((ip) => ip.host),
      ips.map((ip) => ip.port),
      ips.map((ip) => ip.username),
      ips.map((ip) => ip.passwordSealed),
    ],
  );
  return new Map(rows.map((row) => [addressKey(row), row.id]));
}

/** What makes two IPs of a tenant the same (the unique index egress_ip_address_key). */
export const addressKey = (ip: { host: string; port: number; username: string }): string =>
  `${ip.host}\n${ip.port}\n${ip.username}`;

/**
 * Running send lanes reload the numbers that use the changed IPs (`wa_number_state`), so a new
 * address, password or state takes effect at their next batch.
 */
const NOTIFY_NUMBERS = (changed: string) =>
  `select pg_notify('wa_number_state', json_build_object('tenantId', n.tenant_id, 'numberId', n.id::text)::text)
     from wa_number n where n.egress_ip_id in (select id from ${changed}) and n.deleted_at is null`;

export interface IpChange {
  protocol?: IpProtocol | undefined;
  host?: string | undefined;
  port?: number | undefined;
  username?: string | undefined;
  /** undefined keeps the password; null removes it. */
  passwordSealed?: string | null | undefined;
  remark?: string | undefined;
}

/** Whether the tenant had the IP. A changed address or credentials forget the last check. */
export async function updateIp(pool: Pool, owner: IpOwner, id: string, change: IpChange): Promise<boolean> {
  const addressChanged = [change.protocol, change.host, change.port, change.username, change.passwordSealed].some(
    (value) => value !== undefined,
  );
  const { rows } = await pool.query<{ changed: number }>(
    `with changed as (
       update egress_ip set protocol = coalesce($3, protocol), host = coalesce($4, host), port = coalesce($5, port),
              username = coalesce($6, username),
              password_encrypted = case when $7::boolean then $8 else password_encrypted end,
              remark = coalesce($9, remark),
              checked_at = case when $10::boolean then null else checked_at end,
              check_ok = case when $10::boolean then null else check_ok end,
              check_ms = case when $10::boolean then null else check_ms end,
              check_error = case when $10::boolean then null else check_error end,
              updated_at = now()
        where tenant_id = $1 and id = $2 returning id),
     notified as (${NOTIFY_NUMBERS('changed')})
     select (select count(*)::int from changed) as changed, (select count(*) from notified) as notified`,
    [
      owner.tenantId,
      id,
      change.protocol ?? null,
      change.host ?? null,
      change.port ?? null,
      change.username ?? null,
      change.passwordSealed !== undefined,
      change.passwordSealed ?? null,
      change.remark ?? null,
      addressChanged,
    ],
  );
  return (rows[0]?.changed ?? 0) > 0;
}

/** Moves (groupId: null = out of any group) and enables or disables the tenant's IPs among `ids`. */
export async function manageIps(
  pool: Pool,
  owner: IpOwner,
  ids: readonly string[],
  change: { groupId?: string | null | undefined; enabled?: boolean | undefined },
): Promise<number> {
  const { rows } = await pool.query<{ updated: number }>(
    `with changed as (
       update egress_ip set group_id = case when $3::boolean then $4::bigint else group_id end,
              enabled = coalesce($5, enabled), updated_at = now()
        where tenant_id = $1 and id = any($2::bigint[]) returning id),
     notified as (${NOTIFY_NUMBERS('changed')} and $5::boolean is not null)
     select (select count(*)::int from changed) as updated, (select count(*) from notified) as notified`,
    [owner.tenantId, ids, change.groupId !== undefined, change.groupId ?? null, change.enabled ?? null],
  );
  return rows[0]?.updated ?? 0;
}

/** Deletes the tenant's IPs among `ids`; the numbers that used them lose them (the foreign key's set null). */
export async function deleteIps(
  pool: Pool,
  owner: IpOwner,
  ids: readonly string[],
): Promise<{ count: number; numbers_unassigned: number }> {
  // The numbers are read from the snapshot before the delete, while they still name the IPs.
  const { rows } = await pool.query<{ count: number; numbers_unassigned: number }>(
    `with gone as (delete from egress_ip where tenant_id = $1 and id = any($2::bigint[]) returning id),
     notified as (${NOTIFY_NUMBERS('gone')})
     select (select count(*)::int from gone) as count, (select count(*)::int from notified) as numbers_unassigned`,
    [owner.tenantId, ids],
  );
  return rows[0] ?? { count: 0, numbers_unassigned: 0 };
}

export interface IpToCheck {
  id: string;
  protocol: IpProtocol;
  host: string;
  port: number;
  username: string;
  password_encrypted: string | null;
}

export async function selectIpsToCheck(pool: Pool, owner: IpOwner, ids: readonly string[]): Promise<IpToCheck[]> {
  const { rows } = await pool.query<IpToCheck>(
    `select id::text, protocol, host, port, username, password_encrypted
       from egress_ip where tenant_id = $1 and id = any($2::bigint[]) order by id`,
    [owner.tenantId, ids],
  );
  return rows;
}

export interface CheckOutcome {
  id: string;
  checkedAt: Date;
  ok: boolean;
  ms: number | null;
  error: string | null;
}

export async function saveChecks(pool: Pool, owner: IpOwner, outcomes: readonly CheckOutcome[]): Promise<void> {
  await pool.query(
    `update egress_ip e set checked_at = c.at, check_ok = c.ok, check_ms = c.ms, check_error = c.error
       from unnest($2::bigint[], $3::timestamptz[], $4::boolean[], $5::int[], $6::text[]) as c(id, at, ok, ms, error)
      where e.tenant_id = $1 and e.id = c.id`,
    [
      owner.tenantId,
      outcomes.map((o) => o.id),
      outcomes.map((o) => o.checkedAt),
      outcomes.map((o) => o.ok),
      outcomes.map((o) => o.ms),
      outcomes.map((o) => o.error),
    ],
  );
}
