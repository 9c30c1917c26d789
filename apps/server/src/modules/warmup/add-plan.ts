import type { Language, NewWarmupPlan, WarmupPlanDetails } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { withTransaction } from '../../platform/db/pool.js';
import { refusedAs, UNIQUE_VIOLATION } from '../../platform/db/sql-state.js';
import type { AppContext } from '../../platform/http/context.js';
import { checkStartDate, checkTarget, liveConflict, ownPortfolio, planNumbersOf } from './plan-input.js';
import { planDetails } from './plan-queries.js';
import { insertPlan, replacePlanNumbers } from './plan-repository.js';
import { schedulePlan, snapshotNumbers, utcToday } from './schedule-plan.js';

/**
 * `keep/add`: a plan for one of the caller's business portfolios toward a tier above its limit,
 * over its chosen (or all) numbers, scheduled from the start day at the portfolio's limit now.
 */
export async function addPlan(
  context: AppContext,
  scope: Scope,
  input: NewWarmupPlan,
  language: Language,
): Promise<WarmupPlanDetails> {
  const today = utcToday();
  const id = await withTransaction(context.pool, async (client) => {
    const portfolio = await ownPortfolio(client, scope, input.portfolioId);
    checkTarget(input.targetTier, portfolio.messaging_limit);
    const numberIds = await planNumbersOf(client, scope, portfolio.id, input.numberIds);
    const startDate = input.startDate ?? today;
    checkStartDate(startDate, today);
    if (portfolio.plan_id) throw liveConflict();
    const plan = { targetTier: input.targetTier, pace: input.pace };
    const planId = await refusedAs(
      () =>
        insertPlan(client, scope, {
          ...plan,
          name: input.name,
          portfolioId: portfolio.id,
          preferEngaged: input.preferEngaged,
          startDate,
        }),
      UNIQUE_VIOLATION,
      liveConflict,
    );
    await replacePlanNumbers(client, scope.tenantId, planId, numberIds);
    await schedulePlan(
      client,
      scope.tenantId,
      { id: planId, target_tier: input.targetTier, pace: input.pace },
      portfolio.messaging_limit,
      startDate,
    );
    if (startDate === today) await snapshotNumbers(client, scope.tenantId, planId, 'active', today);
    return planId;
  });
  return planDetails(context.pool, scope, id, language);
}
