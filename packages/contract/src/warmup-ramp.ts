/**
 * The arithmetic of a warm-up plan (decision 0014), shared by the server (which stores the
 * schedule and enforces it) and the console (which previews it in the form).
 *
 * Meta (checked 2026-11, see the decision): a business portfolio's messaging limit (unique users
 * outside the customer service window in a moving 24 h) is 250 → 2 000 → 10 000 → 100 000 →
 * unlimited. From 2 000 up, the portfolio moves up one tier (within about 6 hours) once it has
 * reached at least half its current limit over the last 7 days with good quality. 250 → 2 000
 * needs business verification or 2 000 delivered high-quality templates to unique users in 30 days.
 */

export const WARMUP_TIERS = ['TIER_250', 'TIER_2K', 'TIER_10K', 'TIER_100K', 'TIER_UNLIMITED'] as const;
export type WarmupTier = (typeof WARMUP_TIERS)[number];
/** What a plan may aim at: every tier above the first. */
export const WARMUP_TARGET_TIERS = ['TIER_2K', 'TIER_10K', 'TIER_100K', 'TIER_UNLIMITED'] as const;
export type WarmupTargetTier = (typeof WARMUP_TARGET_TIERS)[number];

export const WARMUP_TIER_LIMITS: Readonly<Record<WarmupTier, number | null>> = {
  TIER_250: 250,
  TIER_2K: 2_000,
  TIER_10K: 10_000,
  TIER_100K: 100_000,
  TIER_UNLIMITED: null,
};

/** Older per-number tiers a portfolio may still report. */
const LEGACY_TIERS: Readonly<Record<number, string>> = { 50: 'TIER_50', 1000: 'TIER_1K' };

export const WARMUP_PACES = ['gentle', 'normal', 'fast'] as const;
export type WarmupPace = (typeof WARMUP_PACES)[number];

/**
 * Days one step's ramp takes: `days` toward half the limit in Meta's 7-day window (gentle spreads
 * it over more days, so its last 7 carry the half), `usageDays` toward 2 000 in the 30-day window.
 */
export const WARMUP_PACE_DAYS: Readonly<Record<WarmupPace, { days: number; usageDays: number }>> = {
  gentle: { days: 10, usageDays: 30 },
  normal: { days: 7, usageDays: 21 },
  fast: { days: 4, usageDays: 14 },
};

/** Aim this many percent above Meta's threshold: it counts delivered messages, and some sent ones are not. */
export const WARMUP_MARGIN_PERCENT = 10;
/** The usage path to 2 000: delivered templates to unique users within 30 days. */
export const USAGE_PATH_USERS = 2_000;
const USAGE_WINDOW_DAYS = 30;
const UPGRADE_WINDOW_DAYS = 7;
/** A number's throughput after Meta's automatic upgrade, and what earns it at unlimited. */
export const HIGH_THROUGHPUT_PER_SECOND = 1_000;
export const THROUGHPUT_UPGRADE_USERS = 100_000;

/** Meta's name of a limit (null: unlimited). */
export function tierOfLimit(limit: number | null): string {
  if (limit === null) return 'TIER_UNLIMITED';
  const tier = WARMUP_TIERS.find((name) => WARMUP_TIER_LIMITS[name] === limit);
  return tier ?? LEGACY_TIERS[limit] ?? `TIER_${limit}`;
}

/** The tier after a limit: the smallest of the ladder above it (2 000 from anything below it); null at unlimited. */
export function nextTier(limit: number | null): WarmupTier | null {
  if (limit === null) return null;
  if (limit < USAGE_PATH_USERS) return 'TIER_2K';
  return WARMUP_TIERS.find((name) => isAbove(name, limit)) ?? null;
}

/** Whether a tier's limit is above a portfolio's current limit. */
export function isAbove(tier: WarmupTier, limit: number | null): boolean {
  const tierLimit = WARMUP_TIER_LIMITS[tier];
  if (limit === null) return false;
  return tierLimit === null || tierLimit > limit;
}

export interface WarmupScheduleDay {
  /** ISO date (UTC). */
  day: string;
  /** The tier the plan assumes that day, and its limit. */
  tier: string;
  limit: number | null;
  /** Unique users the portfolio should reach outside the window that day. */
  target: number;
}

export interface WarmupSchedule {
  days: WarmupScheduleDay[];
  /** The day each next tier should be there if the plan is met. */
  milestones: { tier: WarmupTier; day: string }[];
  /** Volume alone cannot reach 2 000 at this limit within 30 days: business verification is needed. */
  needsVerification: boolean;
}

export function addDays(day: string, count: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + count);
  return date.toISOString().slice(0, 10);
}

const sumOfLast = (values: readonly number[], count: number) =>
  values.slice(-count).reduce((sum, value) => sum + value, 0);

/**
 * A rising ramp of `days` daily targets (day i weighs i) whose last `window` days together reach
 * `need`, none above `cap`. Where the cap cuts the ramp, days at the cap follow until the window
 * holds `need`; `reachable` is false when even a full window at the cap cannot.
 */
export function rampTargets(need: number, days: number, window: number, cap: number) {
  const weights = Array.from({ length: days }, (_, index) => index + 1);
  // Day i gets need × i / (the weights in the window): in integers, so no rounding error lifts a day.
  const inWindow = sumOfLast(weights, window);
  const targets = weights.map((weight) => Math.max(1, Math.min(cap, Math.ceil((need * weight) / inWindow))));
  while (sumOfLast(targets, window) < need && targets.length < days + window) targets.push(cap);
  const reachable = sumOfLast(targets, window) >= need;
  return { targets: reachable ? targets : targets.slice(0, days), reachable };
}

/** One step's daily targets from a limit: toward half of it in 7 days, or toward 2 000 users in 30 days below 2 000. */
export function stepTargets(limit: number, pace: WarmupPace) {
  const usage = limit < USAGE_PATH_USERS;
  const need = Math.ceil(((usage ? USAGE_PATH_USERS : limit / 2) * (100 + WARMUP_MARGIN_PERCENT)) / 100);
  const { days, usageDays } = WARMUP_PACE_DAYS[pace];
  return usage
    ? rampTargets(need, usageDays, USAGE_WINDOW_DAYS, limit)
    : rampTargets(need, days, UPGRADE_WINDOW_DAYS, limit);
}

/**
 * The whole plan from a portfolio's current limit to the target tier, step by step: each step's
 * ramp, then the next tier from the day after (Meta moves a portfolio up within about 6 hours).
 */
export function warmupSchedule(plan: {
  limit: number | null;
  target: WarmupTier;
  pace: WarmupPace;
  startDate: string;
}): WarmupSchedule {
  const days: WarmupScheduleDay[] = [];
  const milestones: WarmupSchedule['milestones'] = [];
  let limit = plan.limit;
  let day = plan.startDate;
  while (limit !== null && isAbove(plan.target, limit)) {
    const step = stepTargets(limit, plan.pace);
    for (const target of step.targets) {
      days.push({ day, tier: tierOfLimit(limit), limit, target });
      day = addDays(day, 1);
    }
    if (!step.reachable) return { days, milestones, needsVerification: true };
    const next = nextTier(limit) as WarmupTier;
    milestones.push({ tier: next, day });
    limit = WARMUP_TIER_LIMITS[next];
  }
  return { days, milestones, needsVerification: false };
}

/**
 * A number's part of the portfolio's target for a day: an even split over the plan's numbers (to
 * spread the quality risk), halved while its quality is YELLOW, nothing while RED or paused. What
 * a number does not get is not given to the others: the plan slows down instead.
 */
export function numberShare(target: number, members: number, quality: string, paused: boolean): number {
  if (paused || quality === 'RED' || members <= 0) return 0;
  const even = Math.ceil(target / members);
  return quality === 'YELLOW' ? Math.floor(even / 2) : even;
}
