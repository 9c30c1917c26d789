import type { BatchReply, Greeting, GreetingInput } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { withTransaction } from '../../platform/db/pool.js';
import { batchReply } from '../../platform/http/batch-reply.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { checkMaterials } from './keyword-rules.js';
import {
  bumpVersion,
  deleteGreetings,
  selectGreetings,
  selectTenantNumbers,
  upsertGreeting,
} from './rule-repository.js';

export function listGreetings(context: AppContext, scope: Scope): Promise<Greeting[]> {
  return selectGreetings(context.pool, scope);
}

/** A number's greeting (or every number's), replacing the one it had. */
export async function saveGreeting(context: AppContext, scope: Scope, input: GreetingInput): Promise<Greeting> {
  if (input.numberId !== null && !(await selectTenantNumbers(context.pool, scope, [input.numberId])).size) {
    throw errors.notFound({ zh: 'numberId: 号码', en: 'numberId: Number' });
  }
  await checkMaterials(context.pool, scope, {
    materialId: input.materialId,
    outsideMaterialId: input.outsideMaterialId,
  });
  return withTransaction(context.pool, async (client) => {
    const id = await upsertGreeting(client, scope, input);
    await bumpVersion(client, scope.tenantId);
    const [greeting] = await selectGreetings(client, scope, id);
    if (!greeting) throw new Error('the saved greeting is gone');
    return greeting;
  });
}

export async function removeGreetings(context: AppContext, scope: Scope, ids: readonly string[]): Promise<BatchReply> {
  const count = await withTransaction(context.pool, async (client) => {
    const deleted = await deleteGreetings(client, scope, ids);
    if (deleted > 0) await bumpVersion(client, scope.tenantId);
    return deleted;
  });
  return batchReply(count, { zh: 'ids: 欢迎语', en: 'ids: Greeting' });
}
