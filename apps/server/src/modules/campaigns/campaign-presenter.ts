import {
  type Campaign,
  CampaignAudience,
  CampaignContent,
  CampaignOptions,
  CampaignSchedule,
  type Language,
  RECIPIENT_STATES,
  type RecipientState,
} from '@ws/contract';
import type { CampaignRow } from './campaign-repository.js';

export type StateCounts = Partial<Record<RecipientState, number>>;

/** Tally rows (state numbers) as counts by state name, summed over whatever they are grouped by. */
export function countsOf(rows: readonly { state: number; n: number }[]): StateCounts {
  const counts: StateCounts = {};
  for (const row of rows) {
    const state = RECIPIENT_STATES[row.state];
    if (state) counts[state] = (counts[state] ?? 0) + row.n;
  }
  return counts;
}

/** A campaign's template (A's, or an A/B split's B) as the reply names it; null without one. */
export function templateRef(
  id: string | null,
  name: string | null,
  language: string | null,
  category: string | null,
): Campaign['template'] {
  return id && name ? { id, name, language: language ?? '', category: category ?? '' } : null;
}

/** A stored campaign in the contract's shape, with its counts and numbers; the hold reason in the caller's language. */
export function presentCampaign(
  row: CampaignRow,
  counts: StateCounts,
  numbers: Campaign['numbers'],
  language: Language,
  split: Campaign['split'] = null,
): Campaign {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    status: row.status,
    hold_reason: (language === 'zh' ? row.hold_reason_zh : row.hold_reason_en) ?? null,
    content: CampaignContent.parse(row.content),
    template: templateRef(row.template_id, row.template_name, row.template_language, row.template_category),
    audience: CampaignAudience.parse(row.audience),
    schedule: CampaignSchedule.parse(row.schedule),
    options: CampaignOptions.parse(row.options),
    numbers,
    recipients: Number(row.recipients),
    skipped: row.skipped,
    counts,
    split,
    run_no: row.run_no,
    created_at: row.created_at,
    starts_at: row.starts_at,
    started_at: row.started_at,
    finished_at: row.finished_at,
  };
}
