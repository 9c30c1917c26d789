import { CampaignSplit } from '@ws/contract';
import type pg from 'pg';
import { publishCampaignUpdate } from './campaign-events.js';
import { restartEngagedPasses } from './engaged-repository.js';
import { lockSplitCampaign, recordDecision, variantTally } from './split-repository.js';
import { decideWinner, variantResults } from './split-results.js';

/** Statuses a decision waits out: nothing is left to send to a cancelled campaign. */
const NO_DECISION = new Set(['cancelled', 'scheduled', 'starting']);

/**
 * An A/B split's decision, in the caller's transaction: under the campaign row's lock, once (a
 * decided campaign is left alone, so a rerun after a crash or a second job changes nothing), read
 * the per-variant roll-up, pick the winner by the metric (ties and an empty sample: A), record it
 * with the rates, and move the dispatcher's cursors (its own and the senders' engaged ones) back to
 * the first contact for the rest.
 * Answers whether the dispatcher should run now (the campaign is running); a paused or held one
 * sends the rest when resumed.
 */
export async function decideSplit(client: pg.PoolClient, tenantId: string, campaignId: string): Promise<boolean> {
  const campaign = await lockSplitCampaign(client, tenantId, campaignId);
  if (!campaign?.split || campaign.winner !== null || NO_DECISION.has(campaign.status)) return false;
  const split = CampaignSplit.parse(campaign.split);
  const tally = await variantTally(client, [campaignId]);
  const results = variantResults(tally);
  const decision = decideWinner(split.metric, results);
  await recordDecision(client, campaignId, decision.winner, decision);
  await restartEngagedPasses(client, campaignId);
  await publishCampaignUpdate(client, {
    id: campaignId,
    tenantId,
    kind: campaign.kind,
    status: campaign.status,
    runNo: campaign.runNo,
  });
  return campaign.status === 'running';
}
