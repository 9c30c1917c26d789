import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { batchResult } from './batch-result.js';
import { mayOwnNumbers, moveOwner } from './numbers-repository.js';

/** Gives the caller's numbers to another admin or operator of the same tenant. */
export async function moveNumbersToOwner(context: AppContext, tenantId: string, ids: string[], ownerUserId: string) {
  if (!(await mayOwnNumbers(context.pool, tenantId, ownerUserId))) {
    throw errors.invalid(
      'ownerUserId',
      '用户不存在或不能拥有号码（坐席不能拥有号码）',
      'no such user, or the user may not own numbers (seats may not)',
    );
  }
  return batchResult(await moveOwner(context.pool, tenantId, ids, ownerUserId));
}
