import { SPLIT_VARIANTS, type SplitDecisionReason, type SplitMetric, type SplitVariantResult } from '@ws/contract';
import type { z } from 'zod';

/**
 * Recipient states (their numbers) counted as each step of a message: Meta accepted it (accepted,
 * sent, delivered, read, replied), delivered, read (a reply says so even without a read receipt),
 * replied; failed or refused.
 */
const SENT = new Set([2, 3, 4, 5, 6]);
const DELIVERED = new Set([4, 5, 6]);
const READ = new Set([5, 6]);
const REPLIED = new Set([6]);
const FAILED = new Set([7, 8]);

const rate = (part: number, whole: number) => (whole > 0 ? part / whole : 0);

/** Each variant's results (A, B, the rest) from roll-up rows of one campaign, summed over its numbers. */
export function variantResults(rows: readonly { variant: number; state: number; n: number }[]): SplitVariantResult[] {
  return SPLIT_VARIANTS.map((variant, index) => {
    const mine = rows.filter((row) => row.variant === index + 1);
    const count = (states: Set<number> | null) =>
      mine.filter((row) => states === null || states.has(row.state)).reduce((sum, row) => sum + row.n, 0);
    const sent = count(SENT);
    const read = count(READ);
    const replied = count(REPLIED);
    return {
      variant,
      recipients: count(null),
      sent,
      delivered: count(DELIVERED),
      read,
      replied,
      failed: count(FAILED),
      read_rate: rate(read, sent),
      reply_rate: rate(replied, sent),
    };
  });
}

export interface Decision {
  winner: 1 | 2;
  reason: z.infer<typeof SplitDecisionReason>;
  a: { sent: number; rate: number };
  b: { sent: number; rate: number };
}

/** The winner by the metric's rate: B only when strictly better; equal rates, or no sample message sent, keep A. */
export function decideWinner(metric: SplitMetric, results: readonly SplitVariantResult[]): Decision {
  const [a, b] = results as [SplitVariantResult, SplitVariantResult];
  const rateOf = (result: SplitVariantResult) => (metric === 'reply' ? result.reply_rate : result.read_rate);
  const scores = { a: { sent: a.sent, rate: rateOf(a) }, b: { sent: b.sent, rate: rateOf(b) } };
  if (a.sent + b.sent === 0) return { winner: 1, reason: 'no_sends', ...scores };
  if (scores.b.rate > scores.a.rate) return { winner: 2, reason: 'metric', ...scores };
  return { winner: 1, reason: scores.a.rate > scores.b.rate ? 'metric' : 'tie', ...scores };
}
