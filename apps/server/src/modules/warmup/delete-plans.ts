import type { BatchReply } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { Db } from '../../platform/db/pool.js';
import { batchReply } from '../../platform/http/batch-reply.js';
import { markPlansDeleted } from './plan-repository.js';

/** `keep/del`: the caller's plans named are deleted; their numbers' caps end at once. */
export async function deletePlans(db: Db, scope: Scope, ids: string[]): Promise<BatchReply> {
  const deleted = await markPlansDeleted(db, scope, ids);
  return batchReply(deleted.length, { zh: 'ids: 养号计划', en: 'ids: Warm-up plan' });
}
