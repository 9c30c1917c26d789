import {
  type Language,
  type Page,
  type PageRequest,
  tierOfLimit,
  toPage,
  type WarmupPlan,
  type WarmupPlanDetails,
  type WarmupPortfolio,
  type WarmupStatus,
} from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { pageSpanOf } from '../../platform/db/page-span.js';
import type { Db } from '../../platform/db/pool.js';
import { errors } from '../../platform/http/errors.js';
import { presentNumber, presentPlan } from './plan-presenter.js';
import { selectPlan, selectPlans } from './plan-repository.js';
import { selectPlanNumbers, selectPortfolioNumbers, selectPortfolios } from './portfolio-repository.js';
import { selectDayProgress, selectNumberDays, selectPlanDays } from './progress-repository.js';
import { utcToday } from './schedule-plan.js';

export const PLAN = { zh: 'id: 养号计划', en: 'id: Warm-up plan' };

/** `keep/list`: the plans, newest first, each with its numbers, today's progress and forecast. */
export async function listPlans(
  db: Db,
  scope: Scope,
  request: PageRequest & { filters: { search?: string | undefined; status?: WarmupStatus | null | undefined } },
  language: Language,
): Promise<Page<WarmupPlan>> {
  const today = utcToday();
  const { rows, total } = await selectPlans(db, scope, request.filters, pageSpanOf(request));
  const ids = rows.map((row) => row.id);
  const numbers = await selectPlanNumbers(db, scope.tenantId, ids);
  const progress = await selectDayProgress(db, scope.tenantId, ids, today);
  return toPage(
    rows.map((row) =>
      presentPlan(
        row,
        numbers,
        progress.find((day) => day.plan_id === row.id),
        language,
        today,
      ),
    ),
    total,
    request,
  );
}

/** `keep/details`: a plan with its days (planned vs reached and sent) and its numbers' days. */
export async function planDetails(db: Db, scope: Scope, id: string, language: Language): Promise<WarmupPlanDetails> {
  const today = utcToday();
  const row = await selectPlan(db, scope, id);
  if (!row) throw errors.notFound(PLAN);
  const numbers = await selectPlanNumbers(db, scope.tenantId, [id]);
  const [progress] = await selectDayProgress(db, scope.tenantId, [id], today);
  return {
    ...presentPlan(row, numbers, progress, language, today),
    days: await selectPlanDays(db, scope.tenantId, id, today),
    number_days: await selectNumberDays(db, scope.tenantId, id),
  };
}

/** `keep/portfolios`: the business portfolios of the caller's live numbers, for the form's pickers. */
export async function listPortfolios(db: Db, scope: Scope): Promise<WarmupPortfolio[]> {
  const portfolios = await selectPortfolios(db, scope);
  const numbers = await selectPortfolioNumbers(
    db,
    scope.tenantId,
    portfolios.map((portfolio) => portfolio.id),
  );
  return portfolios.map((portfolio) => ({
    id: portfolio.id,
    name: portfolio.name,
    messaging_limit: portfolio.messaging_limit,
    tier: tierOfLimit(portfolio.messaging_limit),
    numbers: numbers.filter((number) => number.portfolio_id === portfolio.id).map(presentNumber),
    plan_id: portfolio.plan_id,
  }));
}
