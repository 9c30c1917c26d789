import type { Notice, NoticeBadge, NoticeLevel } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { type Db, prepared } from '../../platform/db/pool.js';
import { isoTime } from '../../platform/db/sql-time.js';
import { BoundValues, type SqlValues } from '../../platform/db/sql-values.js';
import { PLATFORM_TENANT_ID } from '../../platform/tenants.js';

/**
 * Notices are few (hundreds at most) and belong to the platform, not to a tenant: who sees one is
 * its audience, so the condition is built here rather than by scopeWhere (which narrows tenant
 * rows). Counting them is a count over that small table, not over a big one.
 */

const ACTIVE = 'n.starts_at <= now() and n.ends_at > now()';

/** The notice is addressed to the caller's tenant ("all" means every customer, never the platform's own tenant). */
function addressedTo(scope: Scope, sql: SqlValues): string {
  const tenant = sql.add(scope.tenantId, 'text');
  return `((n.all_tenants and ${tenant} <> '${PLATFORM_TENANT_ID}')
           or exists (select 1 from notice_tenant nt where nt.tenant_id = ${tenant} and nt.notice_id = n.id))`;
}

const readBy = (scope: Scope, sql: SqlValues) =>
  `exists (select 1 from notice_read r where r.tenant_id = ${sql.add(scope.tenantId, 'text')}
             and r.user_id = ${sql.add(scope.userId, 'bigint')} and r.notice_id = n.id)`;

/** The notices the caller sees: the platform admin every one, everyone else the active ones addressed to them. */
const visibleTo = (scope: Scope, sql: SqlValues) =>
  scope.role === 'admin' ? 'true' : `${ACTIVE} and ${addressedTo(scope, sql)}`;

/** The caller's unread notices: active, addressed to their tenant, not read (the badge). */
const unreadBy = (scope: Scope, sql: SqlValues) =>
  `${ACTIVE} and ${addressedTo(scope, sql)} and not ${readBy(scope, sql)}`;

interface NoticeRow {
  id: string;
  title: string;
  body_html: string;
  level: NoticeLevel;
  all_tenants: boolean;
  tenant_ids: string[] | null;
  starts_at: string;
  ends_at: string;
  state: Notice['state'];
  read: boolean;
  created_at: string;
}

const toNotice = (row: NoticeRow): Notice => ({
  id: row.id,
  title: row.title,
  body_html: row.body_html,
  level: row.level,
  audience: row.all_tenants ? 'all' : 'tenants',
  tenant_ids: row.tenant_ids,
  starts_at: row.starts_at,
  ends_at: row.ends_at,
  state: row.state,
  read: row.read,
  created_at: row.created_at,
});

/** The columns of a notice as the caller sees it: only the platform admin sees its chosen customers. */
const noticeColumns = (scope: Scope, sql: SqlValues) => `
  n.id, n.title, n.body_html, n.level, n.all_tenants,
  ${
    scope.role === 'admin'
      ? `coalesce((select array_agg(nt.tenant_id order by nt.tenant_id) from notice_tenant nt where nt.notice_id = n.id), '{}')`
      : 'null::text[]'
  } as tenant_ids,
  ${isoTime('n.starts_at')} as starts_at, ${isoTime('n.ends_at')} as ends_at, ${isoTime('n.created_at')} as created_at,
  case when n.starts_at > now() then 'scheduled' when n.ends_at <= now() then 'ended' else 'active' end as state,
  ${readBy(scope, sql)} as read`;

export interface NoticePageQuery {
  unreadOnly: boolean;
  limit: number;
  offset: number;
}

/** A page of the caller's notices, latest start first, and how many there are in all. */
export async function selectNotices(db: Db, scope: Scope, query: NoticePageQuery) {
  const sql = new BoundValues();
  const where = query.unreadOnly ? `${unreadBy(scope, sql)}` : visibleTo(scope, sql);
  const columns = noticeColumns(scope, sql);
  const [page, counted] = await Promise.all([
    db.query<NoticeRow>(
      prepared(
        `select ${columns} from notice n where ${where}
          order by n.starts_at desc, n.id desc
          limit ${sql.add(query.limit, 'int')} offset ${sql.add(query.offset, 'int')}`,
        sql.values,
      ),
    ),
    countNotices(db, scope, query.unreadOnly),
  ]);
  return { total: counted, records: page.rows.map(toNotice) };
}

async function countNotices(db: Db, scope: Scope, unreadOnly: boolean): Promise<number> {
  const sql = new BoundValues();
  const where = unreadOnly ? unreadBy(scope, sql) : visibleTo(scope, sql);
  const { rows } = await db.query<{ n: number }>(
    prepared(`select count(*)::int as n from notice n where ${where}`, sql.values),
  );
  return rows[0]?.n ?? 0;
}

/** One notice as the caller sees it. */
export async function findNotice(db: Db, scope: Scope, noticeId: string): Promise<Notice | undefined> {
  const sql = new BoundValues();
  const columns = noticeColumns(scope, sql);
  const { rows } = await db.query<NoticeRow>(
    prepared(
      `select ${columns} from notice n where n.id = ${sql.add(noticeId, 'bigint')} and ${visibleTo(scope, sql)}`,
      sql.values,
    ),
  );
  return rows[0] && toNotice(rows[0]);
}

/** The caller's unread notices, and whether the update log has an entry newer than the last they saw. */
export async function selectBadge(db: Db, scope: Scope): Promise<NoticeBadge> {
  const sql = new BoundValues();
  const unread = unreadBy(scope, sql);
  const { rows } = await db.query<NoticeBadge>(
    prepared(
      `select (select count(*)::int from notice n where ${unread}) as unread,
              exists (select 1 from update_log u
                       where u.id > coalesce((select s.update_id from update_log_seen s
                                               where s.tenant_id = ${sql.add(scope.tenantId, 'text')}
                                                 and s.user_id = ${sql.add(scope.userId, 'bigint')}), 0)) as update_unseen`,
      sql.values,
    ),
  );
  return rows[0] as NoticeBadge;
}

export interface NoticeFields {
  title: string;
  bodyHtml: string;
  level: NoticeLevel;
  /** null: every customer tenant. */
  tenantIds: readonly string[] | null;
  startsAt: string | null;
  endsAt: string;
}

/** Adds a notice and its audience in one statement; its id and whether it is active now. */
export async function insertNotice(db: Db, scope: Scope, fields: NoticeFields) {
  const { rows } = await db.query<{ id: string; active: boolean }>(
    `with added as (
       insert into notice (title, body_html, level, all_tenants, starts_at, ends_at, created_by)
       values ($1, $2, $3, $4, coalesce($5::timestamptz, now()), $6, $7)
       returning id, starts_at <= now() and ends_at > now() as active),
     audience as (
       insert into notice_tenant (notice_id, tenant_id)
       select added.id, t from added, unnest($8::text[]) as t)
     select id, active from added`,
    [
      fields.title,
      fields.bodyHtml,
      fields.level,
      fields.tenantIds === null,
      fields.startsAt,
      fields.endsAt,
      scope.userId,
      fields.tenantIds ?? [],
    ],
  );
  return rows[0] as { id: string; active: boolean };
}

/** The named tenants that are customers (the platform's own and deleted ones are not). */
export async function selectCustomerTenants(db: Db, tenantIds: readonly string[]): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `select id from tenant where id = any($1::text[]) and id <> $2 and deleted_at is null`,
    [tenantIds, PLATFORM_TENANT_ID],
  );
  return rows.map((row) => row.id);
}

/** Every customer tenant still in service: the audience of a notice for all. */
export async function selectServedTenants(db: Db): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    'select id from tenant where id <> $1 and deleted_at is null and disabled_at is null',
    [PLATFORM_TENANT_ID],
  );
  return rows.map((row) => row.id);
}

export interface DeletedNotice {
  id: string;
  title: string;
  active: boolean;
  /** null: the notice was for every customer. */
  tenant_ids: string[] | null;
}

/** Deletes the named notices with their audience and read marks (cascade); what each was. */
export async function deleteNotices(db: Db, noticeIds: readonly string[]): Promise<DeletedNotice[]> {
  // Every part of the statement sees the rows as they were before it, so the audience is still there.
  const { rows } = await db.query<DeletedNotice>(
    `with gone as (
       delete from notice where id = any($1::bigint[])
       returning id, title, all_tenants, starts_at <= now() and ends_at > now() as active)
     select g.id, g.title, g.active,
            case when g.all_tenants then null
                 else coalesce((select array_agg(nt.tenant_id) from notice_tenant nt where nt.notice_id = g.id), '{}') end
              as tenant_ids
       from gone g order by g.id`,
    [noticeIds],
  );
  return rows;
}

/**
 * Marks read, for the caller, the named notices they see (or every one they see when `ids` is
 * null), in one statement; how many of them there were.
 */
export async function insertReadMarks(db: Db, scope: Scope, ids: readonly string[] | null): Promise<number> {
  const sql = new BoundValues();
  const tenant = sql.add(scope.tenantId, 'text');
  const user = sql.add(scope.userId, 'bigint');
  const named = ids === null ? `${ACTIVE}` : `n.id = any(${sql.add(ids, 'bigint[]')})`;
  const { rows } = await db.query<{ n: number }>(
    prepared(
      `with seen as (select n.id from notice n where ${named} and ${visibleTo(scope, sql)}),
            marked as (
              insert into notice_read (tenant_id, user_id, notice_id)
              select ${tenant}, ${user}, seen.id from seen
              on conflict do nothing)
       select count(*)::int as n from seen`,
      sql.values,
    ),
  );
  return rows[0]?.n ?? 0;
}
