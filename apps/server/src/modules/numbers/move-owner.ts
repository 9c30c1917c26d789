import type { Scope } from '../../platform/auth/scope.js';
import { withTransaction } from '../../platform/db/pool.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { publishEvents } from '../../platform/realtime/publish.js';
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
  const moved = await withTransaction(context.pool, async (client) => {
    const changed = await moveOwner(client, scope, ids, ownerUserId);
    if (changed.length > 0) {
      await publishEvents(client, [
        {
          tenantId: scope.tenantId,
          roles: ['admin', 'operator'],
          event: { type: 'assignee.changed', data: { subject: 'number', ids: changed, owner_user_id: ownerUserId } },
        },
      ]);
    }
    return changed.length;
  });
  return numbersBatch(moved);
}
