import type { Db } from '../../platform/db/pool.js';
import {
  holdQueuedSends,
  releaseQueuedSends,
  type WithdrawnSend,
  wakeLanes,
  withdrawQueuedSends,
} from './campaign-queue-repository.js';

/**
 * What pausing, resuming and cancelling a campaign does to its messages already in the lanes'
 * queues, in the caller's transaction. The dispatcher keeps that queue a few seconds deep, so
 * these touch few rows.
 */

/**
 * Pause: nothing more of the campaigns goes out; their queued messages stay queued. The lanes claim
 * nothing of a paused campaign from the moment its status commits; holding its rows after that
 * only keeps the lanes from finding them due. Pass the campaigns' rows locked (FOR SHARE or more) by
 * the caller so a resume, which releases the rows under the same lock, cannot come in between. A
 * campaign the product holds (the platform's mass off holds all of a tenant's running ones) holds
 * its rows here in the status's own transaction.
 */
export function holdCampaignSends(db: Db, tenantId: string, campaignIds: readonly string[]): Promise<number> {
  return holdQueuedSends(db, tenantId, campaignIds);
}

/** Resume: the held messages are due again and their lanes are woken when the caller commits. */
export function releaseCampaignSends(db: Db, tenantId: string, campaignId: string): Promise<number> {
  return releaseQueuedSends(db, tenantId, campaignId);
}

/**
 * Cancel: the queued messages that no lane has claimed are withdrawn (their messages end
 * cancelled); answers them. A claimed one may already be on its way and is left to its lane,
 * which records it as sent (or unknown) should it have gone after all. With `numberIds`, only
 * those numbers' (a burst moving a stopped sender's recipients to the others).
 */
export function withdrawCampaignSends(
  db: Db,
  tenantId: string,
  campaignId: string,
  numberIds: readonly string[] | null = null,
): Promise<WithdrawnSend[]> {
  return withdrawQueuedSends(db, tenantId, campaignId, numberIds);
}

/**
 * The campaign's messages wait in these numbers' queues and the dispatcher can add none: wake
 * their lanes, so a lane whose worker died is taken up now rather than when its hold runs out.
 */
export function wakeCampaignLanes(db: Db, tenantId: string, numberIds: readonly string[]): Promise<void> {
  return wakeLanes(db, tenantId, numberIds);
}
