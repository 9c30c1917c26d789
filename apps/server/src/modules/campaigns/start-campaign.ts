import { CampaignAudience, CampaignContent, type CampaignKind, CampaignOptions, CampaignSplit } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { withTransaction } from '../../platform/db/pool.js';
import type { AppContext } from '../../platform/http/context.js';
import { MASS_OFF, massAllowed } from '../customers/tenant-limits.js';
import { numbersPreferringEngaged } from '../warmup/daily-caps.js';
import { publishCampaignUpdate } from './campaign-events.js';
import { enqueueDispatch } from './dispatch-job.js';
import { senderActive, snapshotRules } from './sender-plan.js';
import { insertCampaignSenders, selectSenders } from './sender-repository.js';
import { insertRecipients } from './snapshot-repository.js';
import { lockStartingCampaign, markCampaignStarted, refuseCampaignStart } from './start-repository.js';

/**
 * Takes a campaign's snapshot and sets it running, in one transaction: the recipient rows, the
 * senders, the counts of the skipped and the status commit together, so a worker killed midway
 * leaves the campaign `starting` and the job's retry snapshots it afresh. A campaign that is not
 * due, or no longer waiting to start (cancelled meanwhile), is left alone; one whose tenant may no
 * longer run campaigns (mass off) goes back to `scheduled` with the reason.
 */
export async function startCampaign(context: AppContext, tenantId: string, campaignId: string): Promise<void> {
  await withTransaction(context.pool, async (client) => {
    // The tenant's row first (share-locked), then the campaign's, as every path that sets one running.
    const allowed = await massAllowed(client, tenantId);
    const campaign = await lockStartingCampaign(client, tenantId, campaignId);
    if (!campaign) return;
    // Scheduled before the platform turned the tenant's campaigns off: refused when it comes.
    if (!allowed) {
      await refuseCampaignStart(client, tenantId, campaignId, MASS_OFF);
      const update = { id: campaignId, tenantId, kind: campaign.kind as CampaignKind, status: 'scheduled' as const };
      await publishCampaignUpdate(client, { ...update, runNo: campaign.run_no });
      return;
    }
    // The campaign's own rules, applied as the operator who created it.
    const scope: Scope = {
      tenantId,
      userId: campaign.created_by ?? '0',
      role: 'operator',
      acrossTenants: false,
      assignee: undefined,
    };
    const options = CampaignOptions.parse(campaign.options);
    const content = CampaignContent.parse(campaign.content);
    const audience = CampaignAudience.parse(campaign.audience);
    const { senders } = await selectSenders(client, scope, campaign.number_ids, campaign.number_tag_ids);
    const rules = snapshotRules({ audience, options }, campaign.purpose, senders, content.kind === 'text');
    // Engaged recipients are marked only for a warm-up plan's numbers, whose caps apply to marketing.
    if (rules.marketing) {
      rules.markEngaged = (await numbersPreferringEngaged(client, tenantId, [...rules.senderIds])).size > 0;
    }
    await insertCampaignSenders(
      client,
      tenantId,
      campaignId,
      senders.map((sender) => ({ id: sender.id, active: senderActive(sender) })),
    );
    const samplePercent = campaign.split ? CampaignSplit.parse(campaign.split).samplePercent : null;
    const snapshot =
      rules.senderIds.length > 0 ? await insertRecipients(client, scope, campaignId, rules, samplePercent) : null;
    const counts = snapshot ?? { eligible: 0, skipped: { no_sender: 0 } };
    await markCampaignStarted(client, tenantId, campaignId, counts.eligible, counts.skipped);
    if (counts.eligible > 0) await enqueueDispatch(client, tenantId, campaignId);
  });
}
