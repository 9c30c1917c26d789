import { isAbove } from '@ws/contract';
import { z } from 'zod';
import type { Pool } from '../../platform/db/pool.js';
import { withTransaction } from '../../platform/db/pool.js';
import { defineJob } from '../../platform/queue/jobs.js';
import { type LivePlanRow, lockLivePlan, selectLivePlans, updatePlan } from './plan-repository.js';
import { schedulePlan, snapshotNumbers, utcToday } from './schedule-plan.js';

/** What the job does to one live plan, in one transaction under the plan's lock. */
async function followPlan(pool: Pool, plan: LivePlanRow, today: string): Promise<void> {
  await withTransaction(pool, async (client) => {
    if (!(await lockLivePlan(client, plan.tenant_id, plan.id))) return;
    const started = plan.start_date <= today;
    if (!isAbove(plan.target_tier, plan.messaging_limit)) {
      // Meta has given the target tier: the plan is done and its caps end.
      if (started) await snapshotNumbers(client, plan.tenant_id, plan.id, plan.status, today);
      await updatePlan(client, plan.tenant_id, plan.id, { status: 'done' });
      return;
    }
    if (!started) {
      if (plan.planned_limit !== plan.messaging_limit) {
        await schedulePlan(client, plan.tenant_id, plan, plan.messaging_limit, plan.start_date);
      }
      return;
    }
    // Meta decided otherwise than planned (an upgrade sooner or later, a downgrade), or the
    // schedule ran out before the tier came: plan again from today at the limit there is.
    if (!plan.day_planned || plan.day_limit !== plan.messaging_limit) {
      await schedulePlan(client, plan.tenant_id, plan, plan.messaging_limit, today);
    }
    await snapshotNumbers(client, plan.tenant_id, plan.id, plan.status, today);
  });
}

/**
 * Every hour: each live plan follows its portfolio's tier (done at the target; planned again when
 * Meta's limit is not the one planned for today) and records its numbers' share, quality, tier and
 * throughput for the day. One plan per transaction, so a long run holds no lock for long.
 */
export async function followWarmupPlans(pool: Pool, today = utcToday(), tenantId?: string): Promise<number> {
  const plans = await selectLivePlans(pool, today, tenantId);
  for (const plan of plans) await followPlan(pool, plan, today);
  return plans.length;
}

export const warmupFollowJob = defineJob({
  name: 'warmup_follow_plans',
  payload: z.object({}).passthrough(),
  maxAttempts: 3,
  cron: '7 * * * *',
  async handle(_payload, _helpers, context) {
    await followWarmupPlans(context.pool);
  },
});
