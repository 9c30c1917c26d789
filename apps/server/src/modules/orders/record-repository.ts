import type { OrderDay, OrderRecord, OrderRecordAction } from '@ws/contract';
import type { PageSpan } from '../../platform/db/page-span.js';
import type { Db } from '../../platform/db/pool.js';
import { isoTime } from '../../platform/db/sql-time.js';

export interface NewRecord {
  orderId: string;
  action: OrderRecordAction;
  data: Record<string, unknown>;
}

/** Writes records of changes, all in one statement; `byUserId` null: the product itself (link intake). */
export async function insertRecords(
  db: Db,
  tenantId: string,
  byUserId: string | null,
  records: readonly NewRecord[],
): Promise<void> {
  if (records.length === 0) return;
  await db.query(
    `insert into intake_record (tenant_id, order_id, action, by_user_id, data)
     select $1, r.order_id, r.action, $2, r.data
       from jsonb_to_recordset($3::jsonb) as r (order_id bigint, action text, data jsonb)`,
    [
      tenantId,
      byUserId,
      JSON.stringify(records.map((record) => ({ order_id: record.orderId, action: record.action, data: record.data }))),
    ],
  );
}

/** A page of an order's records, newest first; an order's history is short, so it is counted. */
export async function selectRecords(
  db: Db,
  tenantId: string,
  orderId: string,
  page: PageSpan,
): Promise<{ rows: OrderRecord[]; total: number }> {
  const count = await db.query<{ n: number }>(
    'select count(*)::int as n from intake_record where tenant_id = $1 and order_id = $2',
    [tenantId, orderId],
  );
  const { rows } = await db.query<OrderRecord>(
    `select r.id::text, r.action, r.by_user_id::text, u.nickname as by_name, r.data, ${isoTime('r.created_at')} as created_at
       from intake_record r left join app_user u on u.tenant_id = r.tenant_id and u.id = r.by_user_id
      where r.tenant_id = $1 and r.order_id = $2 order by r.id desc limit $3 offset $4`,
    [tenantId, orderId, page.limit, page.offset],
  );
  return { rows, total: count.rows[0]?.n ?? 0 };
}

/** The order's leads per local day and share in its current period, from the roll-up. */
export async function selectOrderDays(db: Db, tenantId: string, orderId: string): Promise<OrderDay[]> {
  const { rows } = await db.query<OrderDay>(
    `select to_char(d.day, 'YYYY-MM-DD') as day, d.share_id::text, d.leads
       from intake_day d join intake_order o on o.tenant_id = d.tenant_id and o.id = d.order_id and o.period = d.period
      where d.tenant_id = $1 and d.order_id = $2 and d.leads <> 0
      order by d.day, d.share_id`,
    [tenantId, orderId],
  );
  return rows;
}

/**
 * Recounts an order's per-day counts of every period from its details, set-based: the counts that
 * differ are corrected, missing ones added, stray ones zeroed. The order must be locked by the
 * caller. Answers how many day counts changed.
 */
export async function recountOrderDays(db: Db, tenantId: string, orderId: string): Promise<number> {
  const { rows } = await db.query<{ corrected: number }>(
    `with counted as (
       select share_id, period, day, count(*)::int as leads from intake_detail
        where tenant_id = $1 and order_id = $2 group by 1, 2, 3
     ), wanted as (
       select coalesce(c.share_id, d.share_id) as share_id, coalesce(c.period, d.period) as period,
              coalesce(c.day, d.day) as day, coalesce(c.leads, 0) as leads
         from counted c
         full join (select * from intake_day where tenant_id = $1 and order_id = $2) d
           on d.share_id = c.share_id and d.period = c.period and d.day = c.day
        where coalesce(c.leads, 0) <> coalesce(d.leads, 0)
     ), fixed as (
       insert into intake_day as d (tenant_id, order_id, share_id, period, day, leads)
       select $1, $2, share_id, period, day, leads from wanted order by period, share_id, day
       on conflict (tenant_id, order_id, period, share_id, day) do update set leads = excluded.leads
       returning 1
     )
     select count(*)::int as corrected from fixed`,
    [tenantId, orderId],
  );
  return rows[0]?.corrected ?? 0;
}
