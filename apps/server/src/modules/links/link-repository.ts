/** Links and their targets, as the `link/*` calls read and change them. */
import type { LinkRule } from '@ws/contract';
import { type Scope, scopeWhere } from '../../platform/auth/scope.js';
import { likePattern } from '../../platform/db/like-pattern.js';
import type { Db } from '../../platform/db/pool.js';
import { isoTime } from '../../platform/db/sql-time.js';
import { BoundValues } from '../../platform/db/sql-values.js';

export interface LinkRow {
  id: string;
  slug: string;
  name: string;
  message: string;
  rule: LinkRule;
  sticky: boolean;
  enabled: boolean;
  order_share_id: string | null;
  time_zone: string;
  human_clicks: number;
  bot_clicks: number;
  conversations: number;
  created_at: string;
  updated_at: string;
}

export interface TargetRow {
  id: string;
  link_id: string;
  number_id: string;
  phone: string;
  verified_name: string;
  weight: number;
  daily_aim: number;
  window_start: number | null;
  window_end: number | null;
  today_clicks: number;
  number_paused: boolean;
  number_down: boolean;
}

/** A target as stored: minutes of the tenant's day for its hours. */
export interface TargetValues {
  numberId: string;
  weight: number;
  dailyAim: number;
  windowStart: number | null;
  windowEnd: number | null;
}

const LINK_COLUMNS = `l.id::text, l.slug, l.name, l.message, l.rule, l.sticky, l.enabled, l.order_share_id::text,
  t.time_zone,
  coalesce((select sum(d.human_clicks) from link_day d where d.tenant_id = l.tenant_id and d.link_id = l.id), 0)::int as human_clicks,
  coalesce((select sum(d.bot_clicks) from link_day d where d.tenant_id = l.tenant_id and d.link_id = l.id), 0)::int as bot_clicks,
  coalesce((select sum(d.conversations) from link_day d where d.tenant_id = l.tenant_id and d.link_id = l.id), 0)::int as conversations,
  ${isoTime('l.created_at')} as created_at, ${isoTime('l.updated_at')} as updated_at`;
const LINK_FROM = 'link l join tenant t on t.id = l.tenant_id';

export interface NewLinkRow {
  slug: string;
  name: string;
  message: string;
  rule: LinkRule;
  sticky: boolean;
  orderShareId: string | null;
}

/** Inserts a link; undefined when its slug is taken by a live link. */
export async function insertLink(db: Db, scope: Scope, link: NewLinkRow): Promise<string | undefined> {
  const { rows } = await db.query<{ id: string }>(
    `insert into link (tenant_id, slug, name, message, rule, sticky, order_share_id, created_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8)
     on conflict (slug) where deleted_at is null do nothing returning id::text`,
    [scope.tenantId, link.slug, link.name, link.message, link.rule, link.sticky, link.orderShareId, scope.userId],
  );
  return rows[0]?.id;
}

/** Whether a live link already has the slug (another than `exceptId`). */
export async function slugTaken(db: Db, slug: string, exceptId?: string): Promise<boolean> {
  const { rows } = await db.query(
    'select 1 from link where slug = $1 and deleted_at is null and ($2::bigint is null or id <> $2::bigint)',
    [slug, exceptId ?? null],
  );
  return rows.length > 0;
}

/** One live link of the caller's tenant; `lock` holds it until commit. */
export async function selectLink(db: Db, scope: Scope, id: string, lock = false): Promise<LinkRow | undefined> {
  const sql = new BoundValues();
  const { rows } = await db.query<LinkRow>(
    `select ${LINK_COLUMNS} from ${LINK_FROM}
      where ${scopeWhere(scope, sql, { tenant: 'l.tenant_id' })} and l.id = ${sql.add(id, 'bigint')}
        and l.deleted_at is null ${lock ? 'for update of l' : ''}`,
    sql.values,
  );
  return rows[0];
}

/** A page of links, newest first; a tenant has few links, so they are counted. */
export async function selectLinks(
  db: Db,
  scope: Scope,
  filter: { search?: string | undefined },
  limit: number,
  offset: number,
): Promise<{ rows: LinkRow[]; total: number }> {
  const sql = new BoundValues();
  const where = [scopeWhere(scope, sql, { tenant: 'l.tenant_id' }), 'l.deleted_at is null'];
  if (filter.search) {
    const pattern = sql.add(likePattern(filter.search), 'text');
    where.push(`(l.name ilike ${pattern} or l.slug ilike ${pattern})`);
  }
  const condition = where.join(' and ');
  const [page, count] = await Promise.all([
    db.query<LinkRow>(
      `select ${LINK_COLUMNS} from ${LINK_FROM} where ${condition}
        order by l.id desc limit ${sql.add(limit, 'int')} offset ${sql.add(offset, 'int')}`,
      sql.values,
    ),
    db.query<{ total: number }>(
      `select count(*)::int as total from link l where ${condition}`,
      sql.values.slice(0, sql.values.length - 2),
    ),
  ]);
  return { rows: page.rows, total: count.rows[0]?.total ?? 0 };
}

/** The targets of the links, in their order, with today's clicks (tenant's day) and their number's state. */
export async function selectTargets(db: Db, scope: Scope, linkIds: readonly string[]): Promise<TargetRow[]> {
  if (linkIds.length === 0) return [];
  const sql = new BoundValues();
  const { rows } = await db.query<TargetRow>(
    `select g.id::text, g.link_id::text, g.number_id::text, n.phone, n.verified_name, g.weight, g.daily_aim,
            g.window_start, g.window_end,
            coalesce((select d.human_clicks from link_day d
                       where d.tenant_id = g.tenant_id and d.link_id = g.link_id and d.target_id = g.id
                         and d.day = (now() at time zone t.time_zone)::date), 0) as today_clicks,
            (n.paused_at is not null or n.quality_rating = 'RED') as number_paused,
            (n.deleted_at is not null or n.status not in ('CONNECTED', 'FLAGGED')) as number_down
       from link_target g
       join wa_number n on n.tenant_id = g.tenant_id and n.id = g.number_id
       join tenant t on t.id = g.tenant_id
      where ${scopeWhere(scope, sql, { tenant: 'g.tenant_id' })} and g.link_id = any(${sql.add(linkIds, 'bigint[]')})
      order by g.link_id, g.position, g.id`,
    sql.values,
  );
  return rows;
}

/** Which of the numbers are live numbers of the caller's tenant. */
export async function selectLiveNumberIds(db: Db, scope: Scope, numberIds: readonly string[]): Promise<Set<string>> {
  if (numberIds.length === 0) return new Set();
  const sql = new BoundValues();
  const { rows } = await db.query<{ id: string }>(
    `select n.id::text from wa_number n
      where ${scopeWhere(scope, sql, { tenant: 'n.tenant_id' })} and n.id = any(${sql.add(numberIds, 'bigint[]')})
        and n.deleted_at is null`,
    sql.values,
  );
  return new Set(rows.map((row) => row.id));
}

/** Adds or changes targets of a link (by number), keeping the order they are given in after those there. */
export async function upsertTargets(
  db: Db,
  scope: Scope,
  linkId: string,
  targets: readonly TargetValues[],
): Promise<void> {
  if (targets.length === 0) return;
  await db.query(
    `insert into link_target as g (tenant_id, link_id, number_id, weight, daily_aim, window_start, window_end, position)
     select $1, $2, x.number_id, x.weight, x.daily_aim, x.window_start, x.window_end,
            coalesce((select max(o.position) from link_target o where o.tenant_id = $1 and o.link_id = $2), 0) + x.n
       from unnest($3::bigint[], $4::int[], $5::int[], $6::smallint[], $7::smallint[])
            with ordinality as x (number_id, weight, daily_aim, window_start, window_end, n)
     on conflict (tenant_id, link_id, number_id) do update
        set weight = excluded.weight, daily_aim = excluded.daily_aim,
            window_start = excluded.window_start, window_end = excluded.window_end`,
    [
      scope.tenantId,
      linkId,
      targets.map((t) => t.numberId),
      targets.map((t) => t.weight),
      targets.map((t) => t.dailyAim),
      targets.map((t) => t.windowStart),
      targets.map((t) => t.windowEnd),
    ],
  );
}

/** Removes the link's targets whose number is not kept (all when `keep` is empty); answers how many went. */
export async function deleteTargetsExcept(
  db: Db,
  scope: Scope,
  linkId: string,
  keep: readonly string[],
): Promise<number> {
  const { rowCount } = await db.query(
    `delete from link_target where tenant_id = $1 and link_id = $2 and not (number_id = any($3::bigint[]))`,
    [scope.tenantId, linkId, keep],
  );
  return rowCount ?? 0;
}

/** Removes one number from the link's targets; answers whether it was one. */
export async function deleteTarget(db: Db, scope: Scope, linkId: string, numberId: string): Promise<boolean> {
  const { rowCount } = await db.query(
    'delete from link_target where tenant_id = $1 and link_id = $2 and number_id = $3',
    [scope.tenantId, linkId, numberId],
  );
  return (rowCount ?? 0) > 0;
}

export interface LinkChanges {
  slug?: string | undefined;
  name?: string | undefined;
  message?: string | undefined;
  rule?: LinkRule | undefined;
  sticky?: boolean | undefined;
  enabled?: boolean | undefined;
}

/** Changes the link's settings (those given) and its `updated_at`. */
export async function updateLink(db: Db, scope: Scope, id: string, changes: LinkChanges): Promise<void> {
  await db.query(
    `update link set slug = coalesce($3, slug), name = coalesce($4, name), message = coalesce($5, message),
            rule = coalesce($6, rule), sticky = coalesce($7, sticky), enabled = coalesce($8, enabled),
            updated_at = now()
      where tenant_id = $1 and id = $2`,
    [
      scope.tenantId,
      id,
      changes.slug ?? null,
      changes.name ?? null,
      changes.message ?? null,
      changes.rule ?? null,
      changes.sticky ?? null,
      changes.enabled ?? null,
    ],
  );
}

/** Marks the caller's live links deleted; answers their slugs (their paths stop at once). */
export async function markLinksDeleted(db: Db, scope: Scope, ids: readonly string[]): Promise<string[]> {
  const sql = new BoundValues();
  const { rows } = await db.query<{ slug: string }>(
    `update link l set deleted_at = now(), updated_at = now()
      where ${scopeWhere(scope, sql, { tenant: 'l.tenant_id' })} and l.id = any(${sql.add(ids, 'bigint[]')})
        and l.deleted_at is null
      returning l.slug`,
    sql.values,
  );
  return rows.map((row) => row.slug);
}
