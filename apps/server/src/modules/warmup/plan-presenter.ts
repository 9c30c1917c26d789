import {
  HIGH_THROUGHPUT_PER_SECOND,
  isAbove,
  type Language,
  nextTier,
  tierOfLimit,
  type WarmupForecast,
  type WarmupNumber,
  type WarmupPlan,
} from '@ws/contract';
import type { PlanRow } from './plan-repository.js';
import type { PlanNumberRow } from './portfolio-repository.js';

const CAVEAT = {
  zh: '预测假设计划每天按量完成且号码质量保持良好；是否升级、何时升级由 Meta 决定。业务组合在过去 7 天内触达其当前限额的一半且质量良好时，Meta 通常在 6 小时内提升一档；号码的吞吐量只有在无限额度且质量良好时才可能升至每秒 1000 条（据称还需在 24 小时内触达 10 万名不同用户）。',
  en: "The forecast assumes the plan is met every day and quality stays good; Meta decides whether and when to upgrade. Meta usually moves a portfolio up one tier within 6 hours once it has reached half its current limit over the last 7 days with good quality; a number's throughput may rise to 1,000 messages a second only at unlimited with good quality (reportedly after 100,000 unique users in 24 hours).",
} as const;

export const presentNumber = (row: PlanNumberRow): WarmupNumber => ({
  id: row.id,
  phone: row.phone,
  verified_name: row.verified_name,
  quality_rating: row.quality_rating,
  messaging_limit_tier: row.messaging_limit_tier,
  throughput_per_second: row.throughput_per_second,
  paused: row.paused,
});

/**
 * When the next tier and the target should come if the plan is met (its stored milestones), and from
 * when each slower number may get 1 000 a second: the day the portfolio is unlimited.
 */
export function forecastOf(plan: PlanRow, numbers: PlanNumberRow[], language: Language, today: string): WarmupForecast {
  const limit = plan.messaging_limit;
  const next = nextTier(limit);
  const dayOf = (tier: string) => plan.milestones.find((milestone) => milestone.tier === tier)?.day ?? null;
  const reached = !isAbove(plan.target_tier, limit);
  const unlimitedFrom = limit === null ? today : dayOf('TIER_UNLIMITED');
  return {
    next_tier: next,
    next_tier_day: next ? dayOf(next) : null,
    target_day: reached ? null : dayOf(plan.target_tier),
    milestones: plan.milestones,
    needs_verification: plan.needs_verification,
    throughput: numbers
      .filter((number) => number.throughput_per_second < HIGH_THROUGHPUT_PER_SECOND)
      .map((number) => ({ number_id: number.id, phone: number.phone, eligible_from: unlimitedFrom })),
    caveat: CAVEAT[language],
  };
}

export function presentPlan(
  row: PlanRow,
  numbers: PlanNumberRow[],
  progress: { target: number; reached: number } | undefined,
  language: Language,
  today: string,
): WarmupPlan {
  const own = numbers.filter((number) => number.plan_id === row.id);
  return {
    id: row.id,
    name: row.name,
    portfolio: {
      id: row.portfolio_id,
      name: row.portfolio_name,
      messaging_limit: row.messaging_limit,
      tier: tierOfLimit(row.messaging_limit),
    },
    target_tier: row.target_tier,
    pace: row.pace,
    status: row.status,
    prefer_engaged: row.prefer_engaged,
    start_date: row.start_date,
    end_date: row.end_date,
    numbers: own.map(presentNumber),
    today: progress ? { day: today, target: progress.target, reached: progress.reached } : null,
    forecast: forecastOf(row, own, language, today),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
