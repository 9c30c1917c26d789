import type { IntakeShare, ShareOwnerKind } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { Db } from '../../platform/db/pool.js';
import { isoTime } from '../../platform/db/sql-time.js';
import { BoundValues } from '../../platform/db/sql-values.js';
import { LOCAL_TODAY } from './order-repository.js';

/** A share as the repository reads it; its link is added by `share-link.ts`. */
export type ShareRow = Omit<IntakeShare, 'link'>;

const leadsOf = (dayCondition: string) =>
  `coalesce((select sum(d.leads) from intake_day d
              where d.tenant_id = s.tenant_id and d.order_id = s.order_id and d.period = o.period and d.share_id = s.id
                ${dayCondition}), 0)::int`;

const COLUMNS = `s.id::text, s.order_id::text, s.owner_kind, coalesce(s.owner_user_id, s.number_id)::text as owner_id,
  coalesce(u.nickname, n.phone, '') as owner_name, s.aim, s.daily_aim, ${isoTime('s.starts_at')} as starts_at,
  ${isoTime('s.ends_at')} as ends_at, s.removed_at is not null as removed, ${leadsOf('')} as leads,
  ${leadsOf(`and d.day = ${LOCAL_TODAY}`)} as today_leads, ${isoTime('s.created_at')} as created_at`;
const FROM = `intake_share s
  join intake_order o on o.tenant_id = s.tenant_id and o.id = s.order_id
  left join app_user u on u.tenant_id = s.tenant_id and u.id = s.owner_user_id
  left join wa_number n on n.tenant_id = s.tenant_id and n.id = s.number_id`;

export interface NewShareRow {
  orderId: string;
  ownerKind: ShareOwnerKind;
  ownerUserId: string | null;
  numberId: string | null;
  aim: number;
  dailyAim: number | null;
  /** Absent: the order's. */
  startsAt: string | null;
  endsAt: string | null;
}

/** Adds a share to an order of the tenant; its id. */
export async function insertShare(db: Db, scope: Scope, share: NewShareRow): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into intake_share (tenant_id, order_id, owner_kind, owner_user_id, number_id, aim, daily_aim, starts_at, ends_at)
     select o.tenant_id, o.id, $3, $4, $5, $6, $7, coalesce($8, o.starts_at), coalesce($9, o.ends_at)
       from intake_order o where o.tenant_id = $1 and o.id = $2
     returning id::text`,
    [
      scope.tenantId,
      share.orderId,
      share.ownerKind,
      share.ownerUserId,
      share.numberId,
      share.aim,
      share.dailyAim,
      share.startsAt,
      share.endsAt,
    ],
  );
  return (rows[0] as { id: string }).id;
}

/** The shares of an order (removed ones last), or the named ones. */
export async function selectShares(
  db: Db,
  tenantId: string,
  which: { orderId: string } | { ids: readonly string[] },
): Promise<ShareRow[]> {
  const byOrder = 'orderId' in which;
  const { rows } = await db.query<ShareRow>(
    `select ${COLUMNS} from ${FROM}
      where s.tenant_id = $1 and ${byOrder ? 's.order_id = $2::bigint' : 's.id = any($2::bigint[])'}
      order by s.removed_at is not null, s.id`,
    [tenantId, byOrder ? which.orderId : which.ids],
  );
  return rows;
}

/** A share of the tenant with its order's id and its window, locked with its order. */
export async function lockShare(
  db: Db,
  scope: Scope,
  id: string,
): Promise<{ order_id: string; removed: boolean; starts_at: Date; ends_at: Date } | undefined> {
  const { rows } = await db.query(
    `select s.order_id::text, s.removed_at is not null as removed, s.starts_at, s.ends_at
       from intake_share s join intake_order o on o.tenant_id = s.tenant_id and o.id = s.order_id
      where s.tenant_id = $1 and s.id = $2 for update of o, s`,
    [scope.tenantId, id],
  );
  return rows[0];
}

/** Marks shares of the tenant removed; the removed ones with their orders. */
export async function removeShares(
  db: Db,
  scope: Scope,
  ids: readonly string[],
): Promise<{ id: string; order_id: string; period: number }[]> {
  const { rows } = await db.query<{ id: string; order_id: string; period: number }>(
    `update intake_share s set removed_at = now()
       from intake_order o
      where s.tenant_id = $1 and s.id = any($2::bigint[]) and s.removed_at is null
        and o.tenant_id = s.tenant_id and o.id = s.order_id
      returning s.id::text, s.order_id::text, o.period`,
    [scope.tenantId, ids],
  );
  return rows;
}

export async function updateShareAims(
  db: Db,
  tenantId: string,
  id: string,
  aims: { aim?: number | undefined; dailyAim?: number | null | undefined },
): Promise<void> {
  await db.query(
    `update intake_share set aim = coalesce($3, aim), daily_aim = case when $4 then $5 else daily_aim end
      where tenant_id = $1 and id = $2`,
    [tenantId, id, aims.aim ?? null, aims.dailyAim !== undefined, aims.dailyAim ?? null],
  );
}

/**
 * Splits an order's total and daily aims evenly over its live shares (the first shares get the
 * remainder); a share's aim is at least 1. Answers the shares' aims before and after.
 */
export async function splitAims(
  db: Db,
  tenantId: string,
  orderId: string,
): Promise<{ id: string; aim: number; daily_aim: number | null; old_aim: number; old_daily_aim: number | null }[]> {
  const { rows } = await db.query(
    `with live as (
       select s.id, s.aim, s.daily_aim, o.total_aim, o.daily_aim as order_daily_aim,
              row_number() over (order by s.id) - 1 as position, count(*) over () as shares
         from intake_share s join intake_order o on o.tenant_id = s.tenant_id and o.id = s.order_id
        where s.tenant_id = $1 and s.order_id = $2 and s.removed_at is null
     )
     update intake_share s
        set aim = greatest(1, l.total_aim / l.shares + (l.position < l.total_aim % l.shares)::int),
            daily_aim = case when l.order_daily_aim is null then null
                             else greatest(1, l.order_daily_aim / l.shares + (l.position < l.order_daily_aim % l.shares)::int) end
       from live l
      where s.tenant_id = $1 and s.id = l.id
     returning s.id::text, s.aim, s.daily_aim, l.aim as old_aim, l.daily_aim as old_daily_aim`,
    [tenantId, orderId],
  );
  return rows;
}

/**
 * The share a QR code is for: a share of the tenant by id, or an agent's live share in its newest
 * running order (else its newest live share). A seat finds only its own shares.
 */
export async function selectQrShare(
  db: Db,
  scope: Scope,
  which: { shareId: string } | { agentId: string },
): Promise<string | undefined> {
  const sql = new BoundValues();
  const where = [`s.tenant_id = ${sql.add(scope.tenantId, 'text')}`];
  if (scope.assignee !== undefined) where.push(`s.owner_user_id = ${sql.add(scope.assignee, 'bigint')}`);
  if ('shareId' in which) where.push(`s.id = ${sql.add(which.shareId, 'bigint')}`);
  else where.push(`s.owner_user_id = ${sql.add(which.agentId, 'bigint')}`, 's.removed_at is null');
  const { rows } = await db.query<{ id: string }>(
    `select s.id::text from intake_share s join intake_order o on o.tenant_id = s.tenant_id and o.id = s.order_id
      where ${where.join(' and ')}
      order by (now() >= o.starts_at and now() < o.ends_at) desc, o.id desc, s.id desc limit 1`,
    sql.values,
  );
  return rows[0]?.id;
}

/** The live links of shares (`link.order_share_id`). */
export async function selectShareLinks(
  db: Db,
  tenantId: string,
  shareIds: readonly string[],
): Promise<{ share_id: string; link_id: string; slug: string }[]> {
  const { rows } = await db.query(
    `select order_share_id::text as share_id, id::text as link_id, slug from link
      where tenant_id = $1 and order_share_id = any($2::bigint[]) and deleted_at is null`,
    [tenantId, shareIds],
  );
  return rows;
}

/** The live numbers an agent serves (`agent_number`). */
export async function selectAgentNumberIds(db: Db, tenantId: string, userId: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `select n.id::text from agent_number a join wa_number n on n.tenant_id = a.tenant_id and n.id = a.number_id
      where a.tenant_id = $1 and a.user_id = $2 and n.deleted_at is null order by n.id`,
    [tenantId, userId],
  );
  return rows.map((row) => row.id);
}

/** The shares of orders (for deleting their links with them). */
export async function selectOrderShareIds(db: Db, tenantId: string, orderIds: readonly string[]): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    'select id::text from intake_share where tenant_id = $1 and order_id = any($2::bigint[])',
    [tenantId, orderIds],
  );
  return rows.map((row) => row.id);
}
