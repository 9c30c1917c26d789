import type { Language, WarmupPlanDetails, WarmupPlanEdit } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { withTransaction } from '../../platform/db/pool.js';
import { refusedAs, UNIQUE_VIOLATION } from '../../platform/db/sql-state.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { checkStartDate, checkTarget, liveConflict, planNumbersOf } from './plan-input.js';
import { PLAN, planDetails } from './plan-queries.js';
import { replacePlanNumbers, selectPlan, updatePlan } from './plan-repository.js';
import { schedulePlan, snapshotNumbers, utcToday } from './schedule-plan.js';

/**
 * `keep/edit`: renames; re-plans from today (or the start day, if later) when the target, the pace
 * or the start changes, or a finished plan is taken up again; replaces the numbers; pauses, resumes
 * or finishes. The days already past stay as they were planned.
 */
export async function editPlan(
  context: AppContext,
  scope: Scope,
  input: WarmupPlanEdit,
  language: Language,
): Promise<WarmupPlanDetails> {
  const today = utcToday();
  await withTransaction(context.pool, async (client) => {
    const plan = await selectPlan(client, scope, input.id, true);
    if (!plan) throw errors.notFound(PLAN);
    if (input.targetTier) checkTarget(input.targetTier, plan.messaging_limit);
    const started = plan.start_date <= today;
    if (input.startDate !== undefined && input.startDate !== plan.start_date) {
      if (started)
        throw errors.invalid('startDate', '计划已开始，不能更改开始日期', 'the plan has started: its start day stays');
      checkStartDate(input.startDate, today);
    }
    if (input.numberIds) {
      const numberIds = await planNumbersOf(client, scope, plan.portfolio_id, input.numberIds);
      await replacePlanNumbers(client, scope.tenantId, plan.id, numberIds);
    }
    await refusedAs(() => updatePlan(client, scope.tenantId, plan.id, input), UNIQUE_VIOLATION, liveConflict);
    const status = input.status ?? plan.status;
    const reopened = plan.status === 'done' && status !== 'done';
    const startDate = input.startDate ?? plan.start_date;
    if (input.targetTier || input.pace || input.startDate !== undefined || reopened) {
      const fromDay = startDate > today ? startDate : today;
      const replanned = {
        id: plan.id,
        target_tier: input.targetTier ?? plan.target_tier,
        pace: input.pace ?? plan.pace,
      };
      await schedulePlan(client, scope.tenantId, replanned, plan.messaging_limit, fromDay);
    }
    if (startDate <= today && status !== 'done') await snapshotNumbers(client, scope.tenantId, plan.id, status, today);
  });
  return planDetails(context.pool, scope, input.id, language);
}
