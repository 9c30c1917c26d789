import { z } from 'zod';
import { Id } from './auth.js';
import { CampaignContent } from './campaign-content.js';

/**
 * A/B split of a campaign (issue 16, decision 0013): a sample of the eligible audience, half of it
 * getting the main content (A) and half a second content (B); when the sample has gone out and the
 * chosen time has passed, the variant with the better rate (ties: A) goes to the rest.
 */

/**
 * What picks the winner, as a share of the variant's messages Meta accepted: read (a read receipt
 * or a reply) or reply. click needs tracked links, which do not exist yet: refused with a 400.
 */
export const SPLIT_METRICS = ['read', 'reply', 'click'] as const;
export const SplitMetric = z.enum(SPLIT_METRICS);
export type SplitMetric = z.infer<typeof SplitMetric>;

export const SPLIT_LIMITS = {
  /** Percent of the eligible audience in the sample, split evenly between A and B. */
  samplePercent: { min: 2, max: 50 },
  /** Minutes after the sample has gone out (its last recipient handed to the send queue). */
  decideAfterMinutes: { min: 5, max: 7 * 24 * 60 },
} as const;

export const CampaignSplit = z.object({
  /** Variant B; the campaign's `content` is A. Same kind as A, and for a template the same category. */
  content: CampaignContent,
  samplePercent: z.number().int().min(SPLIT_LIMITS.samplePercent.min).max(SPLIT_LIMITS.samplePercent.max),
  metric: SplitMetric,
  decideAfterMinutes: z
    .number()
    .int()
    .min(SPLIT_LIMITS.decideAfterMinutes.min)
    .max(SPLIT_LIMITS.decideAfterMinutes.max),
});
export type CampaignSplit = z.output<typeof CampaignSplit>;

/** A recipient's part of a split; its position is the number stored (`campaign_recipient.variant`, 0: no split). */
export const SPLIT_VARIANTS = ['a', 'b', 'rest'] as const;
export const SplitVariant = z.enum(SPLIT_VARIANTS);
export type SplitVariant = z.infer<typeof SplitVariant>;

/** One variant's results, from the per-variant roll-up: Meta accepted (sent), delivered, read, replied. */
export const SplitVariantResult = z.object({
  variant: SplitVariant,
  recipients: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  read: z.number().int(),
  replied: z.number().int(),
  failed: z.number().int(),
  /** read / sent and replied / sent (0 when nothing was sent). */
  read_rate: z.number(),
  reply_rate: z.number(),
});
export type SplitVariantResult = z.infer<typeof SplitVariantResult>;

/** metric: the better rate won; tie: equal rates, A kept; no_sends: no sample message was sent, A kept. */
export const SplitDecisionReason = z.enum(['metric', 'tie', 'no_sends']);

export const SplitDecision = z.object({
  winner: z.enum(['a', 'b']),
  reason: SplitDecisionReason,
  decided_at: z.string(),
  /** The sample's numbers when it was decided. */
  a: z.object({ sent: z.number().int(), rate: z.number() }),
  b: z.object({ sent: z.number().int(), rate: z.number() }),
});
export type SplitDecision = z.infer<typeof SplitDecision>;

/** A campaign's split as the list and details answer it. */
export const CampaignSplitState = z.object({
  content: CampaignContent,
  template: z.object({ id: Id, name: z.string(), language: z.string(), category: z.string() }).nullable(),
  sample_percent: z.number().int(),
  metric: SplitMetric,
  decide_after_minutes: z.number().int(),
  /** When the sample had gone out; the decision is due `decide_after_minutes` later. */
  sample_sent_at: z.string().nullable(),
  decide_at: z.string().nullable(),
  decision: SplitDecision.nullable(),
  variants: z.array(SplitVariantResult),
});
export type CampaignSplitState = z.infer<typeof CampaignSplitState>;
