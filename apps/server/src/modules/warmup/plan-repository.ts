import type { WarmupPace, WarmupSchedule, WarmupStatus, WarmupTier } from '@ws/contract';
import { type Scope, scopeWhere } from '../../platform/auth/scope.js';
import { likePattern } from '../../platform/db/like-pattern.js';
import type { PageSpan } from '../../platform/db/page-span.js';
import type { Db } from '../../platform/db/pool.js';
import { isoTime } from '../../platform/db/sql-time.js';
import { BoundValues } from '../../platform/db/sql-values.js';

export interface PlanRow {
  id: string;
  name: string;
  portfolio_id: string;
  portfolio_name: string;
  /** The portfolio's limit now (null: unlimited). */
  messaging_limit: number | null;
  target_tier: WarmupTier;
  pace: WarmupPace;
  status: WarmupStatus;
  prefer_engaged: boolean;
  start_date: string;
  planned_from: string;
  planned_limit: number | null;
  milestones: WarmupSchedule['milestones'];
  needs_verification: boolean;
  end_date: string | null;
  created_at: string;
  updated_at: string;
}

const COLUMNS = `p.id::text, p.name, p.portfolio_id::text, f.name as portfolio_name, f.messaging_limit, p.target_tier,
  p.pace, p.status, p.prefer_engaged, to_char(p.start_date, 'YYYY-MM-DD') as start_date,
  to_char(p.planned_from, 'YYYY-MM-DD') as planned_from, p.planned_limit, p.milestones, p.needs_verification,
  (select to_char(max(d.day), 'YYYY-MM-DD') from warmup_plan_day d where d.tenant_id = p.tenant_id and d.plan_id = p.id) as end_date,
  ${isoTime('p.created_at')} as created_at, ${isoTime('p.updated_at')} as updated_at`;
const FROM = 'warmup_plan p join wa_portfolio f on f.tenant_id = p.tenant_id and f.id = p.portfolio_id';

export interface NewPlanRow {
  name: string;
  portfolioId: string;
  targetTier: WarmupTier;
  pace: WarmupPace;
  preferEngaged: boolean;
  startDate: string;
}

export async function insertPlan(db: Db, scope: Scope, plan: NewPlanRow): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into warmup_plan (tenant_id, name, portfolio_id, target_tier, pace, prefer_engaged, start_date, planned_from,
                              created_by)
     values ($1, $2, $3, $4, $5, $6, $7, $7, $8) returning id::text`,
    [
      scope.tenantId,
      plan.name,
      plan.portfolioId,
      plan.targetTier,
      plan.pace,
      plan.preferEngaged,
      plan.startDate,
      scope.userId,
    ],
  );
  return (rows[0] as { id: string }).id;
}

/** One live plan of the caller's tenant; `lock` holds it until commit. */
export async function selectPlan(db: Db, scope: Scope, id: string, lock = false): Promise<PlanRow | undefined> {
  const sql = new BoundValues();
  const { rows } = await db.query<PlanRow>(
    `select ${COLUMNS} from ${FROM}
      where ${scopeWhere(scope, sql, { tenant: 'p.tenant_id' })} and p.id = ${sql.add(id, 'bigint')}
        and p.deleted_at is null ${lock ? 'for update of p' : ''}`,
    sql.values,
  );
  return rows[0];
}

/** A page of plans, newest first. A tenant has a few plans (one live per portfolio), so they are counted. */
export async function selectPlans(
  db: Db,
  scope: Scope,
  filters: { search?: string | undefined; status?: WarmupStatus | null | undefined },
  page: PageSpan,
): Promise<{ rows: PlanRow[]; total: number }> {
  const sql = new BoundValues();
  const where = [scopeWhere(scope, sql, { tenant: 'p.tenant_id' }), 'p.deleted_at is null'];
  if (filters.search) where.push(`p.name ilike ${sql.add(likePattern(filters.search), 'text')}`);
  if (filters.status) where.push(`p.status = ${sql.add(filters.status, 'text')}`);
  const condition = where.join(' and ');
  const count = await db.query<{ n: number }>(`select count(*)::int as n from warmup_plan p where ${condition}`, [
    ...sql.values,
  ]);
  const { rows } = await db.query<PlanRow>(
    `select ${COLUMNS} from ${FROM} where ${condition} order by p.id desc
      limit ${sql.add(page.limit, 'int')} offset ${sql.add(page.offset, 'int')}`,
    sql.values,
  );
  return { rows, total: count.rows[0]?.n ?? 0 };
}

export interface PlanChanges {
  name?: string | undefined;
  targetTier?: WarmupTier | undefined;
  pace?: WarmupPace | undefined;
  status?: WarmupStatus | undefined;
  preferEngaged?: boolean | undefined;
  startDate?: string | undefined;
}

export async function updatePlan(db: Db, tenantId: string, id: string, changes: PlanChanges): Promise<void> {
  await db.query(
    `update warmup_plan set name = coalesce($3, name), target_tier = coalesce($4, target_tier), pace = coalesce($5, pace),
            status = coalesce($6, status), prefer_engaged = coalesce($7, prefer_engaged),
            start_date = coalesce($8::date, start_date), updated_at = now()
      where tenant_id = $1 and id = $2`,
    [
      tenantId,
      id,
      changes.name ?? null,
      changes.targetTier ?? null,
      changes.pace ?? null,
      changes.status ?? null,
      changes.preferEngaged ?? null,
      changes.startDate ?? null,
    ],
  );
}

/** Marks plans deleted (their caps end); answers the ids deleted. */
export async function markPlansDeleted(db: Db, scope: Scope, ids: readonly string[]): Promise<string[]> {
  const sql = new BoundValues();
  const { rows } = await db.query<{ id: string }>(
    `update warmup_plan p set deleted_at = now(), updated_at = now()
      where ${scopeWhere(scope, sql, { tenant: 'p.tenant_id' })} and p.id = any(${sql.add(ids, 'bigint[]')})
        and p.deleted_at is null
      returning p.id::text`,
    sql.values,
  );
  return rows.map((row) => row.id);
}

export async function replacePlanNumbers(db: Db, tenantId: string, planId: string, numberIds: string[]): Promise<void> {
  await db.query('delete from warmup_plan_number where tenant_id = $1 and plan_id = $2', [tenantId, planId]);
  await db.query(`insert into warmup_plan_number (tenant_id, plan_id, number_id) select $1, $2, unnest($3::bigint[])`, [
    tenantId,
    planId,
    numberIds,
  ]);
}

/**
 * Stores the schedule from `fromDay` on (the days before stay as they were planned) and what it was
 * planned from: the portfolio's limit then, the milestones, whether verification is needed.
 */
export async function replaceSchedule(
  db: Db,
  tenantId: string,
  planId: string,
  fromDay: string,
  limit: number | null,
  schedule: WarmupSchedule,
): Promise<void> {
  await db.query('delete from warmup_plan_day where tenant_id = $1 and plan_id = $2 and day >= $3::date', [
    tenantId,
    planId,
    fromDay,
  ]);
  await db.query(
    `insert into warmup_plan_day (tenant_id, plan_id, day, tier, tier_limit, target)
     select $1, $2, d.day, d.tier, d.tier_limit, d.target
       from unnest($3::date[], $4::text[], $5::int[], $6::int[]) d (day, tier, tier_limit, target)`,
    [
      tenantId,
      planId,
      schedule.days.map((day) => day.day),
      schedule.days.map((day) => day.tier),
      schedule.days.map((day) => day.limit),
      schedule.days.map((day) => day.target),
    ],
  );
  await db.query(
    `update warmup_plan set planned_from = $3::date, planned_limit = $4, milestones = $5::jsonb, needs_verification = $6,
            updated_at = now()
      where tenant_id = $1 and id = $2`,
    [tenantId, planId, fromDay, limit, JSON.stringify(schedule.milestones), schedule.needsVerification],
  );
}

/** A live plan as the hourly job sees it, across tenants (work the product does for itself). */
export interface LivePlanRow {
  tenant_id: string;
  id: string;
  target_tier: WarmupTier;
  pace: WarmupPace;
  status: 'active' | 'paused';
  start_date: string;
  planned_limit: number | null;
  messaging_limit: number | null;
  /** Whether `day` has a planned day, and the limit it assumes. */
  day_planned: boolean;
  day_limit: number | null;
}

export async function selectLivePlans(db: Db, day: string, tenantId?: string): Promise<LivePlanRow[]> {
  const { rows } = await db.query<LivePlanRow>(
    `select p.tenant_id, p.id::text, p.target_tier, p.pace, p.status, to_char(p.start_date, 'YYYY-MM-DD') as start_date,
            p.planned_limit, f.messaging_limit, d.day is not null as day_planned, d.tier_limit as day_limit
       from ${FROM}
       left join warmup_plan_day d on d.tenant_id = p.tenant_id and d.plan_id = p.id and d.day = $1::date
      where p.deleted_at is null and p.status in ('active', 'paused') and ($2::text is null or p.tenant_id = $2)
      order by p.tenant_id, p.id`,
    [day, tenantId ?? null],
  );
  return rows;
}

/** Locks a live plan for the job; false when it was deleted or finished meanwhile. */
export async function lockLivePlan(db: Db, tenantId: string, id: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `select 1 from warmup_plan where tenant_id = $1 and id = $2 and deleted_at is null and status <> 'done' for update`,
    [tenantId, id],
  );
  return (rowCount ?? 0) > 0;
}
