import { numberShare, type WarmupPace, type WarmupStatus, type WarmupTier, warmupSchedule } from '@ws/contract';
import type { Db } from '../../platform/db/pool.js';
import { replaceSchedule } from './plan-repository.js';
import { selectPlanNumbers } from './portfolio-repository.js';
import { deleteNumberDaysExcept, selectDayProgress, upsertNumberDays } from './progress-repository.js';

/** Today as the plans count days: the UTC date, like number_daily_count. */
export const utcToday = (): string => new Date().toISOString().slice(0, 10);

export interface PlanToSchedule {
  id: string;
  target_tier: WarmupTier;
  pace: WarmupPace;
}

/** Plans the days from `fromDay` on, from the portfolio's limit then; the days before stay as they were. */
export async function schedulePlan(
  db: Db,
  tenantId: string,
  plan: PlanToSchedule,
  limit: number | null,
  fromDay: string,
): Promise<void> {
  const schedule = warmupSchedule({ limit, target: plan.target_tier, pace: plan.pace, startDate: fromDay });
  await replaceSchedule(db, tenantId, plan.id, fromDay, limit, schedule);
}

/**
 * Records each number's share, quality, tier and throughput for the day, as the caps see them now
 * (a paused plan gives nothing), so the screen can show them over time.
 */
export async function snapshotNumbers(
  db: Db,
  tenantId: string,
  planId: string,
  status: WarmupStatus,
  day: string,
): Promise<void> {
  const numbers = await selectPlanNumbers(db, tenantId, [planId]);
  const [progress] = await selectDayProgress(db, tenantId, [planId], day);
  const target = status === 'active' ? (progress?.target ?? 0) : 0;
  await upsertNumberDays(
    db,
    tenantId,
    planId,
    day,
    numbers.map((number) => ({
      numberId: number.id,
      share: numberShare(target, numbers.length, number.quality_rating, number.paused),
      quality: number.quality_rating,
      tier: number.messaging_limit_tier,
      throughput: number.throughput_per_second,
      paused: number.paused,
    })),
  );
  await deleteNumberDaysExcept(
    db,
    tenantId,
    planId,
    day,
    numbers.map((number) => number.id),
  );
}
