import type { BatchReply } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { Db } from '../../platform/db/pool.js';
import { batchReply } from '../../platform/http/batch-reply.js';
import { announceLinksChanged } from './link-changes.js';
import { markLinksDeleted } from './link-repository.js';

/** `link/dellink`: the caller's links named are deleted; their paths answer 404 at once (in this process). */
export async function deleteLinks(db: Db, scope: Scope, ids: string[]): Promise<BatchReply> {
  const slugs = await markLinksDeleted(db, scope, ids);
  announceLinksChanged(slugs);
  return batchReply(slugs.length, { zh: 'ids: 链接', en: 'ids: Link' });
}
