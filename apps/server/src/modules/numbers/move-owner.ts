import type { Scope } from '../../platform/auth/scope.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { numbersBatch } from './batch-result.js';
import { moveOwner, userRole } from './numbers-repository.js';

/**
 * Gives the caller's numbers to another admin or operator of the same tenant. A user of another
 * tenant is "not found", exactly like one that does not exist; a seat exists but may not own numbers.
 */
export async function moveNumbersToOwner(context: AppContext, scope: Scope, ids: string[], ownerUserId: string) {
  const role = await userRole(context.pool, scope, ownerUserId);
  if (role === undefined) throw errors.notFound({ zh: 'ownerUserId: 用户', en: 'ownerUserId: User' });
  if (role === 'seat') {
    throw errors.invalid('ownerUserId', '坐席不能拥有号码', 'seats may not own numbers');
  }
  return numbersBatch(await moveOwner(context.pool, scope, ids, ownerUserId));
}
