import type { ShareLink, ShareOwnerKind } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { Db } from '../../platform/db/pool.js';
import { errors } from '../../platform/http/errors.js';
import { createLink } from '../links/create-link.js';
import { announceLinksChanged } from '../links/link-changes.js';
import { markLinksDeleted } from '../links/link-repository.js';
import { selectAgentNumberIds, selectShareLinks } from './share-repository.js';

/**
 * The one place the orders module meets click-to-chat links (`modules/links`): each share owns a
 * tracked link (`link.order_share_id`), created with the share through the links module's
 * `createLink` and deleted with it. Its targets are the share's number, or the numbers its agent
 * serves (`agent_number`); a returning visitor keeps the number they got.
 */
export async function shareLinksOf(
  db: Db,
  tenantId: string,
  shareIds: readonly string[],
): Promise<Map<string, ShareLink>> {
  const rows = shareIds.length ? await selectShareLinks(db, tenantId, shareIds) : [];
  return new Map(rows.map((row) => [row.share_id, { slug: row.slug, path: `/l/${row.slug}` }]));
}

export interface LinkedShare {
  id: string;
  name: string;
  ownerKind: ShareOwnerKind;
  ownerUserId: string | null;
  numberId: string | null;
  /** The text the visitor's WhatsApp opens with. */
  message: string;
}

/** Creates the share's link in the share's transaction; an agent who serves no number is refused (400 naming ownerUserId). */
export async function createShareLink(db: Db, scope: Scope, share: LinkedShare): Promise<void> {
  const numberIds = share.numberId
    ? [share.numberId]
    : await selectAgentNumberIds(db, scope.tenantId, share.ownerUserId as string);
  if (numberIds.length === 0) {
    throw errors.invalid('ownerUserId', '该客服还没有负责的号码', 'the agent serves no numbers yet');
  }
  await createLink(
    db,
    scope,
    {
      name: share.name,
      message: share.message,
      rule: 'round_robin',
      sticky: true,
      targets: numberIds.map((numberId) => ({ numberId, weight: 1, dailyAim: 0 })),
    },
    { orderShareId: share.id },
  );
}

/**
 * Deletes the links of these shares (removed, or their order deleted) in the caller's transaction;
 * call the answer once committed, so the redirect forgets them.
 */
export async function releaseShareLinks(db: Db, scope: Scope, shareIds: readonly string[]): Promise<() => void> {
  const ids = shareIds.length ? (await selectShareLinks(db, scope.tenantId, shareIds)).map((row) => row.link_id) : [];
  const slugs = ids.length ? await markLinksDeleted(db, scope, ids) : [];
  return () => announceLinksChanged(slugs);
}
