import { type Db, type Pool, withTransaction } from '../../platform/db/pool.js';
import { holdCampaignSends } from '../../whatsapp/governor/campaign-queue.js';
import { MASS_OFF_HELD } from '../customers/tenant-limits.js';
import { publishCampaignUpdates } from './campaign-events.js';
import { holdRunningCampaignsOf, lockHeldCampaigns } from './operation-repository.js';

/**
 * The platform turned the tenant's campaigns off (`auth/mass`, decision 0032): every running
 * campaign is held with the reason its operators see, published, in the caller's transaction
 * (under the tenant's row lock). It takes effect when that commits, as a pause does (decision
 * 0013): the lanes, the governor, claim nothing of a held campaign, and the dispatcher's next step
 * sees it no longer running. `held`, the product's pause with a reason: an operator resumes it once
 * campaigns are allowed again (a resume while they are off is refused). Answers the campaigns.
 */
export async function holdRunningCampaigns(db: Db, tenantId: string): Promise<string[]> {
  const held = await holdRunningCampaignsOf(db, tenantId, MASS_OFF_HELD);
  await publishCampaignUpdates(
    db,
    held.map((campaign) => ({
      id: campaign.id,
      tenantId,
      kind: campaign.kind,
      status: 'held',
      runNo: campaign.run_no,
    })),
  );
  return held.map((campaign) => campaign.id);
}

/**
 * After that commit, their queued messages are held as a pause holds them (so the lanes stop
 * finding them due), in a transaction of its own under the campaigns' row locks, of those still
 * held (a resume in between released them already). Holding them waits on the lanes' claims,
 * which is why it does not go in the status's transaction.
 */
export async function holdSendsOfHeldCampaigns(pool: Pool, tenantId: string, campaignIds: readonly string[]) {
  if (campaignIds.length === 0) return;
  await withTransaction(pool, async (client) => {
    const still = await lockHeldCampaigns(client, tenantId, campaignIds);
    if (still.length > 0) await holdCampaignSends(client, tenantId, still);
  });
}
