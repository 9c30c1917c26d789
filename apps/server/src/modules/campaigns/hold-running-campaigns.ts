import type { Db } from '../../platform/db/pool.js';
import { holdCampaignSends } from '../../whatsapp/governor/campaign-queue.js';
import { MASS_OFF_HELD } from '../customers/tenant-limits.js';
import { publishCampaignUpdates } from './campaign-events.js';
import { holdRunningCampaignsOf } from './operation-repository.js';

/**
 * The platform turned the tenant's campaigns off (`auth/mass`, decision 0032): every running
 * campaign is held with the reason its operators see, its queued messages held as a pause holds
 * them, and the change published, in the caller's transaction (under the tenant's row lock). A
 * campaign the product holds holds its rows in the status's own transaction (decision 0013): the
 * lanes, the governor, find nothing of it due from that commit, and the dispatcher's next step
 * sees it no longer running. `held`, the product's pause with a reason: an operator resumes it
 * once campaigns are allowed again (a resume while they are off is refused). Answers the campaigns.
 */
export async function holdRunningCampaigns(db: Db, tenantId: string): Promise<string[]> {
  const held = await holdRunningCampaignsOf(db, tenantId, MASS_OFF_HELD);
  if (held.length === 0) return [];
  const ids = held.map((campaign) => campaign.id);
  await holdCampaignSends(db, tenantId, ids);
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
  return ids;
}
