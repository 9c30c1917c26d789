import { z } from 'zod';
import { Id, IdList } from './auth.js';
import { defineCall } from './call.js';
import { BatchReply, envelopeOf } from './envelope.js';
import { listRequestOf, pageOf, textFilter } from './paging.js';
import { WARMUP_PACES, WARMUP_TARGET_TIERS } from './warmup-ramp.js';

/**
 * Warm-up plans (specification `/api/keep/*`, the `/marketingTasks/cultureTask` screen, decision
 * 0014): a daily ramp of unique users reached outside the window, per business portfolio and split
 * over its numbers, toward the next messaging tier, with a forecast. The governor enforces it as a
 * daily cap on every campaign's marketing sends. Nothing is ever sent between own numbers.
 */

const WARMUP_ACCESS = ['admin', 'operator'] as const;

export const WARMUP_STATUSES = ['active', 'paused', 'done'] as const;
export const WarmupStatus = z.enum(WARMUP_STATUSES);
export type WarmupStatus = z.infer<typeof WarmupStatus>;

export const WARMUP_LIMITS = { name: 100 } as const;

const PlanDate = z.iso.date();

export const NewWarmupPlan = z.object({
  name: z.string().trim().min(1).max(WARMUP_LIMITS.name),
  /** A business portfolio of the caller's numbers. */
  portfolioId: Id,
  /** Above the portfolio's current messaging limit. */
  targetTier: z.enum(WARMUP_TARGET_TIERS),
  /** Live numbers of the portfolio taking part; absent: all of them. */
  numberIds: IdList.optional(),
  /** The first day (UTC) of the ramp, today or later; absent: today. */
  startDate: PlanDate.optional(),
  pace: z.enum(WARMUP_PACES).default('normal'),
  /** Campaigns spend the plan's numbers' caps first on contacts who wrote within 30 days (decision 0014). */
  preferEngaged: z.boolean().default(true),
});
export type NewWarmupPlan = z.output<typeof NewWarmupPlan>;

export const WarmupPlanEdit = z.object({
  id: Id,
  name: z.string().trim().min(1).max(WARMUP_LIMITS.name).optional(),
  targetTier: NewWarmupPlan.shape.targetTier.optional(),
  numberIds: IdList.optional(),
  /** Only while the plan has not started. */
  startDate: PlanDate.optional(),
  pace: z.enum(WARMUP_PACES).optional(),
  /** Paused: its numbers send no marketing until resumed; done: its caps end. */
  status: WarmupStatus.optional(),
  preferEngaged: z.boolean().optional(),
});
export type WarmupPlanEdit = z.output<typeof WarmupPlanEdit>;

export const WarmupPlanId = z.object({ id: Id });
export const WarmupPlanIds = z.object({ ids: IdList });

export const WarmupPlanListRequest = listRequestOf({
  search: textFilter(WARMUP_LIMITS.name),
  status: WarmupStatus.nullish(),
});

export const WarmupNumber = z.object({
  id: Id,
  phone: z.string(),
  verified_name: z.string(),
  quality_rating: z.string(),
  messaging_limit_tier: z.string().nullable(),
  throughput_per_second: z.number().int(),
  /** Quality pause (RED, restricted) or spam hold: its share is 0 until it recovers. */
  paused: z.boolean(),
});
export type WarmupNumber = z.infer<typeof WarmupNumber>;

export const WarmupPortfolio = z.object({
  id: Id,
  name: z.string(),
  /** Unique users outside the window in a moving 24 h; null: unlimited. */
  messaging_limit: z.number().int().nullable(),
  tier: z.string(),
  numbers: z.array(WarmupNumber),
  /** The live (active or paused) plan of this portfolio, if any: a portfolio has one at a time. */
  plan_id: Id.nullable(),
});
export type WarmupPortfolio = z.infer<typeof WarmupPortfolio>;

export const WarmupMilestone = z.object({ tier: z.string(), day: z.string() });

export const WarmupForecast = z.object({
  next_tier: z.string().nullable(),
  /** The day the portfolio should have the next tier if the plan is met; null when volume alone cannot get it there. */
  next_tier_day: z.string().nullable(),
  target_day: z.string().nullable(),
  milestones: z.array(WarmupMilestone),
  /** 250 → 2 000 cannot be reached by volume at this limit: business verification is the way. */
  needs_verification: z.boolean(),
  /** Per number below 1 000 a second: the first day it may be upgraded, once unlimited and after 100 000 unique users in 24 h. */
  throughput: z.array(z.object({ number_id: Id, phone: z.string(), eligible_from: z.string().nullable() })),
  /** That Meta decides, in the caller's language. */
  caveat: z.string(),
});
export type WarmupForecast = z.infer<typeof WarmupForecast>;

export const WarmupPlan = z.object({
  id: Id,
  name: z.string(),
  portfolio: z.object({ id: Id, name: z.string(), messaging_limit: z.number().int().nullable(), tier: z.string() }),
  target_tier: z.string(),
  pace: z.enum(WARMUP_PACES),
  status: WarmupStatus,
  prefer_engaged: z.boolean(),
  start_date: z.string(),
  /** The last planned day. */
  end_date: z.string().nullable(),
  numbers: z.array(WarmupNumber),
  /** Today's portfolio target and the unique users reached so far (null before the start or after the end). */
  today: z.object({ day: z.string(), target: z.number().int(), reached: z.number().int() }).nullable(),
  forecast: WarmupForecast,
  created_at: z.string(),
  updated_at: z.string(),
});
export type WarmupPlan = z.infer<typeof WarmupPlan>;

export const WarmupDay = z.object({
  day: z.string(),
  /** The tier the plan assumes that day, and its limit (null: unlimited). */
  tier: z.string(),
  target: z.number().int(),
  /** Unique users the portfolio reached outside the window that UTC day; null for days to come. */
  reached: z.number().int().nullable(),
  /** Messages the plan's numbers sent that day (accepted by the Cloud API). */
  sent: z.number().int().nullable(),
});
export type WarmupDay = z.infer<typeof WarmupDay>;

/** One number on one day: its planned share (after quality) and its state as the daily snapshot saw it. */
export const WarmupNumberDay = z.object({
  number_id: Id,
  day: z.string(),
  share: z.number().int(),
  sent: z.number().int(),
  quality_rating: z.string(),
  messaging_limit_tier: z.string().nullable(),
  throughput_per_second: z.number().int(),
  paused: z.boolean(),
});
export type WarmupNumberDay = z.infer<typeof WarmupNumberDay>;

export const WarmupPlanDetails = WarmupPlan.extend({
  days: z.array(WarmupDay),
  number_days: z.array(WarmupNumberDay),
});
export type WarmupPlanDetails = z.infer<typeof WarmupPlanDetails>;

const call = { tag: 'warmup', access: WARMUP_ACCESS } as const;

export const warmupCalls = {
  warmupList: defineCall({
    ...call,
    id: 'keep.list',
    method: 'POST',
    path: '/api/keep/list',
    summary: "The warm-up plans, newest first, with today's target and the forecast",
    kind: 'read',
    body: WarmupPlanListRequest,
    reply: envelopeOf(pageOf(WarmupPlan)),
  }),
  warmupPortfolios: defineCall({
    ...call,
    id: 'keep.portfolios',
    method: 'POST',
    path: '/api/keep/portfolios',
    summary: "The business portfolios of the caller's numbers, with their limits, numbers and live plan",
    kind: 'read',
    reply: envelopeOf(z.array(WarmupPortfolio)),
  }),
  warmupAdd: defineCall({
    ...call,
    id: 'keep.add',
    method: 'POST',
    path: '/api/keep/add',
    summary: 'Plans a ramp of one business portfolio toward a target tier; one live plan per portfolio',
    kind: 'create',
    body: NewWarmupPlan,
    reply: envelopeOf(WarmupPlanDetails),
  }),
  warmupDetails: defineCall({
    ...call,
    id: 'keep.details',
    method: 'POST',
    path: '/api/keep/details',
    summary: 'One plan: planned vs actual per day and per number, quality and tier over time, the forecast',
    kind: 'read',
    body: WarmupPlanId,
    reply: envelopeOf(WarmupPlanDetails),
  }),
  warmupEdit: defineCall({
    ...call,
    id: 'keep.edit',
    method: 'POST',
    path: '/api/keep/edit',
    summary: 'Renames, re-plans (target, pace, numbers, start), pauses, resumes or finishes a plan',
    kind: 'update',
    body: WarmupPlanEdit,
    reply: envelopeOf(WarmupPlanDetails),
  }),
  warmupDel: defineCall({
    ...call,
    id: 'keep.del',
    method: 'POST',
    path: '/api/keep/del',
    summary: 'Deletes plans; their caps end at once',
    kind: 'delete',
    body: WarmupPlanIds,
    reply: envelopeOf(BatchReply),
  }),
} as const;
