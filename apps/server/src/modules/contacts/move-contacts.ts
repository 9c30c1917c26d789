import type { BatchReply } from '@ws/contract';
import type pg from 'pg';
import type { Scope } from '../../platform/auth/scope.js';
import { withTransaction } from '../../platform/db/pool.js';
import { batchReply } from '../../platform/http/batch-reply.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { publishEvents } from '../../platform/realtime/publish.js';
import { anyNumberOf, lockLiveNumber, lockUser, moveNumbersContacts, reassignContacts } from './contact-repository.js';
import { CONTACT_IDS, noneOfTheNumbers } from './delete-contacts.js';

export interface ContactMove {
  ids: readonly string[];
  numberId?: string | null | undefined;
  ownerUserId?: string | null | undefined;
}

/**
 * Moves the selected contacts to another live number of the tenant and/or another owner of the
 * tenant. A number or user of another tenant is "not found", exactly like one that does not exist.
 */
export async function moveContacts(context: AppContext, scope: Scope, move: ContactMove): Promise<BatchReply> {
  const moved = await withTransaction(context.pool, async (client) => {
    if (move.numberId) await requireLiveNumber(client, scope, move.numberId, 'numberId');
    if (move.ownerUserId && !(await lockUser(client, scope, move.ownerUserId))) {
      throw errors.notFound({ zh: 'ownerUserId: 用户', en: 'ownerUserId: User' });
    }
    const ownerUserId = move.ownerUserId ?? null;
    const reassigned = await reassignContacts(client, scope, move.ids, {
      numberId: move.numberId ?? null,
      ownerUserId,
    });
    // The agents the contacts left and the one they go to are told, with the admins and operators.
    await publishEvents(
      client,
      reassigned.ownerChanges.map((change) => ({
        tenantId: scope.tenantId,
        assignees: [change.previousOwner, ownerUserId],
        event: { type: 'assignee.changed', data: { subject: 'contact', ids: change.ids, owner_user_id: ownerUserId } },
      })),
    );
    return reassigned.count;
  });
  return batchReply(moved, CONTACT_IDS);
}

/** Moves every contact of the given numbers (of the tenant) to another live number of the tenant. */
export function moveAllContacts(
  context: AppContext,
  scope: Scope,
  fromNumberIds: readonly string[],
  toNumberId: string,
): Promise<BatchReply> {
  return withTransaction(context.pool, async (client) => {
    await requireLiveNumber(client, scope, toNumberId, 'toNumberId');
    if (!(await anyNumberOf(client, scope, fromNumberIds))) throw noneOfTheNumbers('fromNumberIds');
    return { count: await moveNumbersContacts(client, scope, fromNumberIds, toNumberId) };
  });
}

async function requireLiveNumber(client: pg.PoolClient, scope: Scope, numberId: string, field: string) {
  if (!(await lockLiveNumber(client, scope, numberId))) {
    throw errors.notFound({ zh: `${field}: 号码`, en: `${field}: Number` });
  }
}
