import { CampaignSplit, type CampaignSplitState, SplitDecision } from '@ws/contract';
import { templateRef } from './campaign-presenter.js';
import type { CampaignRow } from './campaign-repository.js';
import { variantResults } from './split-results.js';

const WINNERS = { 1: 'a', 2: 'b' } as const;

/**
 * A campaign's A/B split in the contract's shape: the request, each variant's results from the
 * roll-up rows, when the decision is due, and the decision (stored with the rates it was made on).
 */
export function presentSplit(
  row: CampaignRow,
  tally: readonly { variant: number; state: number; n: number }[],
): CampaignSplitState | null {
  if (!row.split) return null;
  const split = CampaignSplit.parse(row.split);
  const decided = row.split_winner === 1 || row.split_winner === 2;
  const stored = decided ? (row.split_decision as Record<string, unknown>) : null;
  const decideAt = row.split_sample_sent_at
    ? new Date(new Date(row.split_sample_sent_at).getTime() + split.decideAfterMinutes * 60_000).toISOString()
    : null;
  return {
    content: split.content,
    template: templateRef(
      row.split_template_id,
      row.split_template_name,
      row.split_template_language,
      row.split_template_category,
    ),
    sample_percent: split.samplePercent,
    metric: split.metric,
    decide_after_minutes: split.decideAfterMinutes,
    sample_sent_at: row.split_sample_sent_at,
    decide_at: decideAt,
    decision:
      stored && decided
        ? SplitDecision.parse({
            ...stored,
            winner: WINNERS[row.split_winner as 1 | 2],
            decided_at: row.split_decided_at,
          })
        : null,
    variants: variantResults(tally),
  };
}
