import type pg from 'pg';
import { z } from 'zod';
import { defineJob, enqueue } from '../../platform/queue/jobs.js';
import { startCampaign } from './start-campaign.js';

/** Starts a campaign: its snapshot, then its dispatcher. Runs at the campaign's start time. */
export const campaignStartJob = defineJob({
  name: 'campaign_start',
  payload: z.object({ tenantId: z.string(), campaignId: z.string() }),
  maxAttempts: 5,
  async handle({ tenantId, campaignId }, _helpers, context) {
    await startCampaign(context, tenantId, campaignId);
  },
});

/** Queues a campaign's start, now or at its time; one per campaign (a later call moves it). */
export async function enqueueStart(
  client: pg.PoolClient | pg.Pool,
  tenantId: string,
  campaignId: string,
  runAt: Date | null,
): Promise<void> {
  await enqueue(
    client,
    campaignStartJob,
    { tenantId, campaignId },
    { jobKey: `campaign_start:${campaignId}`, ...(runAt ? { runAt } : {}) },
  );
}
