import type { IntakeOrder, NewOrder, OrderState } from '@ws/contract';
import { type Scope, scopeWhere } from '../../platform/auth/scope.js';
import { likePattern } from '../../platform/db/like-pattern.js';
import type { PageSpan } from '../../platform/db/page-span.js';
import type { Db } from '../../platform/db/pool.js';
import { isoTime } from '../../platform/db/sql-time.js';
import { BoundValues } from '../../platform/db/sql-values.js';

/** The order's state from the clock; the list filters by the same expression. */
const STATE = `case when now() < o.starts_at then 'scheduled' when now() < o.ends_at then 'running' else 'ended' end`;
/** Today in the order's time zone. */
export const LOCAL_TODAY = '(now() at time zone o.time_zone)::date';

/** Leads of the current period (all days, or one), from the roll-up. */
const leadsOf = (dayCondition: string) =>
  `coalesce((select sum(d.leads) from intake_day d
              where d.tenant_id = o.tenant_id and d.order_id = o.id and d.period = o.period ${dayCondition}), 0)::int`;

const COLUMNS = `o.id::text, o.name, o.total_aim, o.daily_aim, ${isoTime('o.starts_at')} as starts_at,
  ${isoTime('o.ends_at')} as ends_at, o.time_zone, ${STATE} as state, o.period,
  ${isoTime('o.period_started_at')} as period_started_at, ${leadsOf('')} as leads,
  json_build_object('day', to_char(${LOCAL_TODAY}, 'YYYY-MM-DD'), 'leads', ${leadsOf(`and d.day = ${LOCAL_TODAY}`)}) as today,
  (select count(*) from intake_share s where s.tenant_id = o.tenant_id and s.order_id = o.id and s.removed_at is null)::int
    as shares,
  ${isoTime('o.created_at')} as created_at`;

export async function insertOrder(db: Db, scope: Scope, order: NewOrder): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into intake_order (tenant_id, name, total_aim, daily_aim, starts_at, ends_at, time_zone, created_by)
     select t.id, $2, $3, $4, $5, $6, coalesce($7, t.time_zone), $8 from tenant t where t.id = $1
     returning id::text`,
    [
      scope.tenantId,
      order.name,
      order.totalAim,
      order.dailyAim ?? null,
      order.startsAt,
      order.endsAt,
      order.timeZone ?? null,
      scope.userId,
    ],
  );
  return (rows[0] as { id: string }).id;
}

/** One order of the caller's tenant; `lock` holds its row until commit (details and aims queue on it). */
export async function selectOrder(db: Db, scope: Scope, id: string, lock = false): Promise<IntakeOrder | undefined> {
  const sql = new BoundValues();
  const { rows } = await db.query<IntakeOrder>(
    `select ${COLUMNS} from intake_order o
      where ${scopeWhere(scope, sql, { tenant: 'o.tenant_id' })} and o.id = ${sql.add(id, 'bigint')}
      ${lock ? 'for update of o' : ''}`,
    sql.values,
  );
  return rows[0];
}

/** A page of orders, newest first. A tenant has few orders, so they are counted. */
export async function selectOrders(
  db: Db,
  scope: Scope,
  filters: { search?: string | undefined; state?: OrderState | null | undefined },
  page: PageSpan,
): Promise<{ rows: IntakeOrder[]; total: number }> {
  const sql = new BoundValues();
  const where = [scopeWhere(scope, sql, { tenant: 'o.tenant_id' })];
  if (filters.search) where.push(`o.name ilike ${sql.add(likePattern(filters.search), 'text')}`);
  if (filters.state) where.push(`${STATE} = ${sql.add(filters.state, 'text')}`);
  const condition = where.join(' and ');
  const count = await db.query<{ n: number }>(`select count(*)::int as n from intake_order o where ${condition}`, [
    ...sql.values,
  ]);
  const { rows } = await db.query<IntakeOrder>(
    `select ${COLUMNS} from intake_order o where ${condition} order by o.id desc
      limit ${sql.add(page.limit, 'int')} offset ${sql.add(page.offset, 'int')}`,
    sql.values,
  );
  return { rows, total: count.rows[0]?.n ?? 0 };
}

/** Deletes orders of the tenant (their shares, details, counts and records go with them); their ids and names. */
export async function deleteOrders(
  db: Db,
  scope: Scope,
  ids: readonly string[],
): Promise<{ id: string; name: string }[]> {
  const { rows } = await db.query<{ id: string; name: string }>(
    'delete from intake_order where tenant_id = $1 and id = any($2::bigint[]) returning id::text, name',
    [scope.tenantId, ids],
  );
  return rows;
}

export async function updateOrderAims(
  db: Db,
  tenantId: string,
  id: string,
  aims: { totalAim?: number | undefined; dailyAim?: number | null | undefined },
): Promise<void> {
  await db.query(
    `update intake_order set total_aim = coalesce($3, total_aim),
            daily_aim = case when $4 then $5 else daily_aim end, updated_at = now()
      where tenant_id = $1 and id = $2`,
    [tenantId, id, aims.totalAim ?? null, aims.dailyAim !== undefined, aims.dailyAim ?? null],
  );
}

/** Starts the order's next counting period; its number. */
export async function startNextPeriod(db: Db, tenantId: string, id: string): Promise<number> {
  const { rows } = await db.query<{ period: number }>(
    `update intake_order set period = period + 1, period_started_at = now(), updated_at = now()
      where tenant_id = $1 and id = $2 returning period`,
    [tenantId, id],
  );
  return (rows[0] as { period: number }).period;
}
