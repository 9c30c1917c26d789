import type { ShareLink } from '@ws/contract';
import type { Db } from '../../platform/db/pool.js';

/**
 * The one place the orders module meets click-to-chat links (`modules/links`): each share owns a
 * tracked link (`link.order_share_id`), created with the share and released with it.
 * Until the links module is merged in, shares have no link (null).
 */
export async function shareLinksOf(
  _db: Db,
  _tenantId: string,
  _shareIds: readonly string[],
): Promise<Map<string, ShareLink>> {
  return new Map();
}

/** Creates the share's link; called in the share's transaction. */
export async function createShareLink(_db: Db, _tenantId: string, _shareId: string): Promise<void> {}

/** Stops the links of removed shares from taking visitors. */
export async function releaseShareLinks(_db: Db, _tenantId: string, _shareIds: readonly string[]): Promise<void> {}
