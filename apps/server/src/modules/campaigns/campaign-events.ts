import type { CampaignKind, CampaignStatus } from '@ws/contract';
import type { Db } from '../../platform/db/pool.js';
import { publishEvents } from '../../platform/realtime/publish.js';
import { campaignTally } from './dispatch-repository.js';

/** Campaign screens are the admins' and operators'. */
const CAMPAIGN_ROLES = ['admin', 'operator'] as const;

/** Recipients whose message went out: accepted, sent, delivered, read, replied. */
const SENT_STATES = new Set([2, 3, 4, 5, 6]);

/** Progress is published at most this often per campaign (and process). */
const PROGRESS_EVERY_MS = 1000;
const lastProgress = new Map<string, number>();

interface CampaignRef {
  id: string;
  tenantId: string;
  kind: CampaignKind;
  status: string;
  runNo: number;
}

/** A campaign's status changed: in the transaction that changed it. */
export function publishCampaignUpdate(db: Db, campaign: CampaignRef): Promise<void> {
  return publishCampaignUpdates(db, [campaign]);
}

/** Campaigns' statuses changed (one publication for the batch): in the transaction that changed them. */
export async function publishCampaignUpdates(db: Db, campaigns: readonly CampaignRef[]): Promise<void> {
  await publishEvents(
    db,
    campaigns.map((campaign) => ({
      tenantId: campaign.tenantId,
      roles: CAMPAIGN_ROLES,
      event: {
        type: 'campaign.updated' as const,
        data: {
          campaign_id: campaign.id,
          kind: campaign.kind,
          status: campaign.status as CampaignStatus,
          run_no: campaign.runNo,
        },
      },
    })),
  );
}

/** The dispatcher moved on: at most once a second per campaign, from its step's transaction. */
export async function publishCampaignProgress(
  db: Db,
  campaign: CampaignRef & { recipients: number },
  now: Date,
): Promise<void> {
  const last = lastProgress.get(campaign.id) ?? 0;
  if (now.getTime() - last < PROGRESS_EVERY_MS) return;
  lastProgress.set(campaign.id, now.getTime());
  if (lastProgress.size > 10_000) lastProgress.clear();
  const tally = await campaignTally(db, campaign.id);
  const sent = tally.filter((row) => SENT_STATES.has(row.state)).reduce((sum, row) => sum + row.n, 0);
  await publishEvents(db, [
    {
      tenantId: campaign.tenantId,
      roles: CAMPAIGN_ROLES,
      event: {
        type: 'campaign.progress',
        data: { campaign_id: campaign.id, status: campaign.status, total: campaign.recipients, sent },
      },
    },
  ]);
}
