import type { DetailListRequest, IntakeDetail } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { likePattern } from '../../platform/db/like-pattern.js';
import type { Db } from '../../platform/db/pool.js';
import { isoTime } from '../../platform/db/sql-time.js';
import { BoundValues } from '../../platform/db/sql-values.js';

const COLUMNS = `i.id::text, i.order_id::text, i.share_id::text, i.contact_id::text, c.name as contact_name,
  c.wa_id as contact_wa_id, i.conversation_id::text, i.source, i.period, ${isoTime('i.at')} as at,
  to_char(i.day, 'YYYY-MM-DD') as day, i.note, i.created_by::text`;
const FROM = 'intake_detail i join contact c on c.tenant_id = i.tenant_id and c.id = i.contact_id';

export interface ManualDetail {
  shareId: string;
  contactId: string;
  /** ISO time; null: now. */
  at: string | null;
  note: string;
}

/**
 * Records a lead by hand: the contact's latest conversation goes with it, the local day is the
 * order's. Nothing is written when the contact already counts for the order (the answer is
 * undefined then).
 */
export async function insertManualDetail(db: Db, scope: Scope, detail: ManualDetail): Promise<string | undefined> {
  const { rows } = await db.query<{ id: string }>(
    `with lead as (select coalesce($4::timestamptz, now()) as at)
     insert into intake_detail (tenant_id, order_id, share_id, contact_id, conversation_id, source, period, at, day, note,
                                created_by)
     select s.tenant_id, s.order_id, s.id, c.id,
            (select v.id from conversation v where v.tenant_id = c.tenant_id and v.contact_id = c.id
              order by v.last_message_at desc limit 1),
            'manual', o.period, lead.at, (lead.at at time zone o.time_zone)::date, $5, $6
       from lead, intake_share s
       join intake_order o on o.tenant_id = s.tenant_id and o.id = s.order_id
       join contact c on c.tenant_id = s.tenant_id and c.id = $3
      where s.tenant_id = $1 and s.id = $2
     on conflict (tenant_id, order_id, contact_id) do nothing
     returning id::text`,
    [scope.tenantId, detail.shareId, detail.contactId, detail.at, detail.note, scope.userId],
  );
  return rows[0]?.id;
}

/** Whether the contact is a live contact of the tenant. */
export async function liveContactExists(db: Db, scope: Scope, contactId: string): Promise<boolean> {
  const { rows } = await db.query('select 1 from contact where tenant_id = $1 and id = $2 and deleted_at is null', [
    scope.tenantId,
    contactId,
  ]);
  return rows.length > 0;
}

export async function selectDetails(db: Db, tenantId: string, ids: readonly string[]): Promise<IntakeDetail[]> {
  const { rows } = await db.query<IntakeDetail>(
    `select ${COLUMNS} from ${FROM} where i.tenant_id = $1 and i.id = any($2::bigint[]) order by i.id`,
    [tenantId, ids],
  );
  return rows;
}

type DetailFilters = DetailListRequest['filters'];

function conditions(tenantId: string, orderId: string, period: number, filters: DetailFilters, sql: BoundValues) {
  const where = [
    `i.tenant_id = ${sql.add(tenantId, 'text')}`,
    `i.order_id = ${sql.add(orderId, 'bigint')}`,
    `i.period = ${sql.add(period, 'int')}`,
  ];
  if (filters.shareId) where.push(`i.share_id = ${sql.add(filters.shareId, 'bigint')}`);
  if (filters.source) where.push(`i.source = ${sql.add(filters.source, 'text')}`);
  if (filters.fromDay) where.push(`i.day >= ${sql.add(filters.fromDay, 'date')}`);
  if (filters.toDay) where.push(`i.day <= ${sql.add(filters.toDay, 'date')}`);
  if (filters.search) {
    const pattern = sql.add(likePattern(filters.search), 'text');
    where.push(`(c.name ilike ${pattern} or c.wa_id ilike ${pattern})`);
  }
  return where.join(' and ');
}

/** A page of an order's details of one period, newest first. */
export async function selectDetailPage(
  db: Db,
  tenantId: string,
  orderId: string,
  period: number,
  filters: DetailFilters,
  limit: number,
  offset: number,
): Promise<IntakeDetail[]> {
  const sql = new BoundValues();
  const where = conditions(tenantId, orderId, period, filters, sql);
  const { rows } = await db.query<IntakeDetail>(
    `select ${COLUMNS} from ${FROM} where ${where} order by i.at desc, i.id desc
      limit ${sql.add(limit, 'int')} offset ${sql.add(offset, 'int')}`,
    sql.values,
  );
  return rows;
}

/** Matching details, counted up to cap + 1. */
export async function countDetails(
  db: Db,
  tenantId: string,
  orderId: string,
  period: number,
  filters: DetailFilters,
  cap: number,
): Promise<number> {
  const sql = new BoundValues();
  const where = conditions(tenantId, orderId, period, filters, sql);
  const { rows } = await db.query<{ total: number }>(
    `select count(*)::int as total from (select 1 from ${FROM} where ${where} limit ${sql.add(cap + 1, 'int')}) x`,
    sql.values,
  );
  return rows[0]?.total ?? 0;
}

/** Deletes details of the tenant (the roll-up follows by trigger); what was deleted, for the records. */
export async function deleteDetails(
  db: Db,
  scope: Scope,
  ids: readonly string[],
): Promise<
  { id: string; order_id: string; share_id: string; contact_id: string; day: string; source: string; period: number }[]
> {
  const { rows } = await db.query(
    `delete from intake_detail where tenant_id = $1 and id = any($2::bigint[])
     returning id::text, order_id::text, share_id::text, contact_id::text, to_char(day, 'YYYY-MM-DD') as day, source, period`,
    [scope.tenantId, ids],
  );
  return rows;
}

/** The orders among these of the tenant, locked in id order (so two writers never deadlock). */
export async function lockOrdersOfDetails(db: Db, scope: Scope, ids: readonly string[]): Promise<void> {
  await db.query(
    `select o.id from intake_order o
      where o.tenant_id = $1 and o.id in (select i.order_id from intake_detail i where i.tenant_id = $1 and i.id = any($2::bigint[]))
      order by o.id for update`,
    [scope.tenantId, ids],
  );
}

/**
 * Intake records from link attributions (decision 0020), set-based: each new conversation a
 * share's link brought (`link.order_share_id`), of a live share, inside the share's window, once
 * per order and contact (the first one wins). Either the conversations of a webhook batch, or a
 * whole order (its recount). Answers each record's order and period.
 */
export async function insertLinkDetails(
  db: Db,
  tenantId: string,
  which: { conversationIds: readonly string[] } | { orderId: string },
): Promise<{ order_id: string; period: number }[]> {
  const byOrder = 'orderId' in which;
  const { rows } = await db.query<{ order_id: string; period: number }>(
    `with leads as (
       select distinct on (s.order_id, a.contact_id) s.tenant_id, s.order_id, s.id as share_id, a.contact_id,
              a.conversation_id, o.period, a.attributed_at as at, (a.attributed_at at time zone o.time_zone)::date as day
         from link_attribution a
         join link l on l.tenant_id = a.tenant_id and l.id = a.link_id
         join intake_share s on s.tenant_id = l.tenant_id and s.id = l.order_share_id
         join intake_order o on o.tenant_id = s.tenant_id and o.id = s.order_id
        where a.tenant_id = $1
          and ${byOrder ? 's.order_id = $2::bigint' : 'a.conversation_id = any($2::bigint[])'}
          and a.new_conversation and s.removed_at is null
          and a.attributed_at >= s.starts_at and a.attributed_at < s.ends_at
        order by s.order_id, a.contact_id, a.attributed_at, a.click_id
     ), added as (
       insert into intake_detail (tenant_id, order_id, share_id, contact_id, conversation_id, source, period, at, day)
       select tenant_id, order_id, share_id, contact_id, conversation_id, 'link', period, at, day from leads
       on conflict (tenant_id, order_id, contact_id) do nothing
       returning order_id, period
     )
     select order_id::text, period from added`,
    [tenantId, byOrder ? which.orderId : which.conversationIds],
  );
  return rows;
}
