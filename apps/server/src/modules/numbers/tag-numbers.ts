import type { NumberTagBatch } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { withTransaction } from '../../platform/db/pool.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { numbersBatch } from './batch-result.js';
import { liveNumberIds, retagNumbers, unknownNumberTags } from './numbers-repository.js';

/**
 * Adds and removes number tags on the caller's numbers; every tag must be one of the tenant's number
 * tags (another tenant's tag, or a contact tag, is "not found").
 */
export async function tagNumbers(context: AppContext, scope: Scope, change: NumberTagBatch) {
  for (const field of ['addTagIds', 'removeTagIds'] as const) {
    const unknown = await unknownNumberTags(context.pool, scope, change[field]);
    if (unknown.length > 0) {
      throw errors.notFound({
        zh: `${field}: 号码标签（${unknown.join(', ')}）`,
        en: `${field}: Number tag (${unknown.join(', ')})`,
      });
    }
  }
  const updated = await withTransaction(context.pool, async (client) => {
    const numberIds = await liveNumberIds(client, scope, change.ids);
    if (numberIds.length > 0) {
      await retagNumbers(client, scope, numberIds, { add: change.addTagIds, remove: change.removeTagIds });
    }
    return numberIds.length;
  });
  return numbersBatch(updated);
}
