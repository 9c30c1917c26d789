import {
  type CampaignDetails,
  type CampaignKind,
  type Language,
  LIST_COUNT_CAP,
  type PageRequest,
  RECIPIENT_STATES,
  type Recipient,
  type RecipientState,
  SPLIT_VARIANTS,
  toPage,
} from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { pageSpanOf } from '../../platform/db/page-span.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { countsOf } from './campaign-presenter.js';
import { presentCampaigns } from './campaign-queries.js';
import { selectCampaign, selectTallies } from './campaign-repository.js';
import {
  countRecipients,
  type RecipientFilter,
  type RecipientRow,
  selectRecipients,
  selectTimeline,
} from './recipient-repository.js';

export const presentRecipient = (row: RecipientRow): Recipient => ({
  ...row,
  state: RECIPIENT_STATES[row.state] as RecipientState,
  variant: SPLIT_VARIANTS[row.variant - 1] ?? null,
});

/**
 * `btmsg/details`, `power/details`: the campaign, its counts per number and timeline (roll-ups),
 * and a page of recipients. A filter by state and number is counted from the roll-up; a phone
 * search up to LIST_COUNT_CAP.
 */
export async function campaignDetails(
  context: AppContext,
  scope: Scope,
  kind: CampaignKind,
  request: PageRequest & { id: string; filters: RecipientFilter },
  language: Language,
): Promise<CampaignDetails> {
  const row = await selectCampaign(context.pool, scope, kind, request.id);
  if (!row) throw errors.notFound({ zh: 'id: 任务', en: 'id: Campaign' });
  const { filters } = request;
  const [[campaign], tallies, timeline, records] = await Promise.all([
    presentCampaigns(context, scope, [row], language),
    selectTallies(context.pool, [row.id]),
    selectTimeline(context.pool, row.id),
    selectRecipients(context.pool, scope, row.id, filters, pageSpanOf(request)),
  ]);
  const byNumber = new Map<string, { state: number; n: number }[]>();
  for (const tally of tallies) byNumber.set(tally.number_id, [...(byNumber.get(tally.number_id) ?? []), tally]);
  let total: number;
  let capped = false;
  if (filters.search) {
    const cap = Math.max(LIST_COUNT_CAP, request.page * request.pageSize);
    total = await countRecipients(context.pool, scope, row.id, filters, cap);
    capped = total > cap;
    total = Math.min(total, cap);
  } else {
    const state = filters.state ? RECIPIENT_STATES.indexOf(filters.state) : null;
    total = tallies
      .filter(
        (tally) =>
          (state === null || tally.state === state) && (!filters.numberId || tally.number_id === filters.numberId),
      )
      .reduce((sum, tally) => sum + tally.n, 0);
  }
  return {
    campaign: campaign as CampaignDetails['campaign'],
    by_number: [...byNumber].map(([numberId, rows]) => ({ number_id: numberId, counts: countsOf(rows) })),
    timeline: timeline.map((point) => ({
      at: point.at,
      state: RECIPIENT_STATES[point.state] as RecipientState,
      n: point.n,
    })),
    recipients: { ...toPage(records.map(presentRecipient), total, request), total_capped: capped },
  };
}
