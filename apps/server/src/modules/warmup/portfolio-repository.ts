import { type Scope, scopeWhere } from '../../platform/auth/scope.js';
import type { Db } from '../../platform/db/pool.js';
import { BoundValues } from '../../platform/db/sql-values.js';

/** A live number as a plan shows it. */
export interface PlanNumberRow {
  plan_id: string;
  portfolio_id: string;
  id: string;
  phone: string;
  verified_name: string;
  quality_rating: string;
  messaging_limit_tier: string | null;
  throughput_per_second: number;
  paused: boolean;
}

const NUMBER_COLUMNS = `n.id::text, n.phone, n.verified_name, n.quality_rating, n.messaging_limit_tier,
  n.throughput_per_second, n.paused_at is not null as paused`;
const NUMBER_PORTFOLIO = `wa_number n join wa_business_account w on w.tenant_id = n.tenant_id and w.id = n.waba_ref`;

export interface PortfolioRow {
  id: string;
  name: string;
  messaging_limit: number | null;
  plan_id: string | null;
}

/** The business portfolios that hold live numbers of the caller's tenant, with their live plan. */
export async function selectPortfolios(db: Db, scope: Scope, id?: string): Promise<PortfolioRow[]> {
  const sql = new BoundValues();
  const { rows } = await db.query<PortfolioRow>(
    `select f.id::text, f.name, f.messaging_limit,
            (select p.id::text from warmup_plan p
              where p.tenant_id = f.tenant_id and p.portfolio_id = f.id and p.deleted_at is null and p.status <> 'done'
              limit 1) as plan_id
       from wa_portfolio f
      where ${scopeWhere(scope, sql, { tenant: 'f.tenant_id' })}
        ${id === undefined ? '' : `and f.id = ${sql.add(id, 'bigint')}`}
        and exists (select 1 from ${NUMBER_PORTFOLIO}
                     where w.tenant_id = f.tenant_id and w.portfolio_id = f.id and n.deleted_at is null)
      order by f.name, f.id`,
    sql.values,
  );
  return rows;
}

/** The live numbers of the portfolios (plan_id empty), by portfolio then phone. */
export async function selectPortfolioNumbers(
  db: Db,
  tenantId: string,
  portfolioIds: string[],
): Promise<PlanNumberRow[]> {
  const { rows } = await db.query<PlanNumberRow>(
    `select '' as plan_id, w.portfolio_id::text, ${NUMBER_COLUMNS}
       from ${NUMBER_PORTFOLIO}
      where n.tenant_id = $1 and w.portfolio_id = any($2::bigint[]) and n.deleted_at is null
      order by w.portfolio_id, n.phone`,
    [tenantId, portfolioIds],
  );
  return rows;
}

/** Live numbers of the caller's tenant among `ids`, with their portfolio. */
export async function selectOwnNumbers(
  db: Db,
  scope: Scope,
  ids: readonly string[],
): Promise<{ id: string; portfolio_id: string }[]> {
  const sql = new BoundValues();
  const { rows } = await db.query<{ id: string; portfolio_id: string }>(
    `select n.id::text, w.portfolio_id::text from ${NUMBER_PORTFOLIO}
      where ${scopeWhere(scope, sql, { tenant: 'n.tenant_id' })} and n.id = any(${sql.add(ids, 'bigint[]')})
        and n.deleted_at is null`,
    sql.values,
  );
  return rows;
}

/** The live numbers taking part in the plans. */
export async function selectPlanNumbers(db: Db, tenantId: string, planIds: string[]): Promise<PlanNumberRow[]> {
  const { rows } = await db.query<PlanNumberRow>(
    `select m.plan_id::text, w.portfolio_id::text, ${NUMBER_COLUMNS}
       from warmup_plan_number m
       join (${NUMBER_PORTFOLIO}) on n.tenant_id = m.tenant_id and n.id = m.number_id
      where m.tenant_id = $1 and m.plan_id = any($2::bigint[]) and n.deleted_at is null
      order by m.plan_id, n.phone`,
    [tenantId, planIds],
  );
  return rows;
}
