import type { Campaign, CampaignKind, CampaignStatus, Language, Page, PageRequest } from '@ws/contract';
import { toPage } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { pageSpanOf } from '../../platform/db/page-span.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { countsOf, presentCampaign } from './campaign-presenter.js';
import {
  type CampaignRow,
  selectCampaign,
  selectCampaignNumbers,
  selectCampaigns,
  selectTallies,
} from './campaign-repository.js';
import { presentSplit } from './split-presenter.js';
import { variantTally } from './split-repository.js';

/** Campaign rows with their counts (from the roll-up) and numbers, in the contract's shape. */
export async function presentCampaigns(
  context: AppContext,
  scope: Scope,
  rows: readonly CampaignRow[],
  language: Language,
): Promise<Campaign[]> {
  const ids = rows.map((row) => row.id);
  const splitIds = rows.filter((row) => row.split).map((row) => row.id);
  const [tallies, numbers, variants] = await Promise.all([
    selectTallies(context.pool, ids),
    selectCampaignNumbers(context.pool, scope.tenantId, ids),
    variantTally(context.pool, splitIds),
  ]);
  return rows.map((row) =>
    presentCampaign(
      row,
      countsOf(tallies.filter((tally) => tally.campaign_id === row.id)),
      numbers.filter((number) => number.campaign_id === row.id).map(({ campaign_id: _campaign, ...number }) => number),
      language,
      presentSplit(
        row,
        variants.filter((tally) => tally.campaignId === row.id),
      ),
    ),
  );
}

/** One campaign of the caller's tenant and kind, or a 404 naming `id`. */
export async function campaignOf(
  context: AppContext,
  scope: Scope,
  kind: CampaignKind,
  id: string,
  language: Language = 'en',
): Promise<Campaign> {
  const row = await selectCampaign(context.pool, scope, kind, id);
  if (!row) throw errors.notFound({ zh: 'id: 任务', en: 'id: Campaign' });
  const [campaign] = await presentCampaigns(context, scope, [row], language);
  return campaign as Campaign;
}

/** `btmsg/list`, `power/list`: the kind's campaigns, newest first. */
export async function listCampaigns(
  context: AppContext,
  scope: Scope,
  kind: CampaignKind,
  request: PageRequest & { filters: { search?: string | undefined; status?: CampaignStatus | null | undefined } },
  language: Language,
): Promise<Page<Campaign>> {
  const { rows, total } = await selectCampaigns(context.pool, scope, kind, request.filters, pageSpanOf(request));
  return toPage(await presentCampaigns(context, scope, rows, language), total, request);
}
