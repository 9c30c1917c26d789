import type { Db } from '../../platform/db/pool.js';

/**
 * Folds the recipient-state deltas the triggers appended (migration 0027) into the roll-ups: one
 * campaign's (its dispatcher's step, which holds the campaign's row) or every campaign's (the
 * minute sweep: late statuses of finished campaigns). Readers see the same counts before and after.
 */
export async function foldCampaignCounts(db: Db, campaignId: string | null): Promise<void> {
  await db.query('select fold_campaign_counts($1)', [campaignId]);
}
