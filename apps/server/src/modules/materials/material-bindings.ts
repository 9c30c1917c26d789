import type { BatchReply, BindRequest, MaterialBinding } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { withTransaction } from '../../platform/db/pool.js';
import { batchReply } from '../../platform/http/batch-reply.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { countBindingTargets, deleteBindings, insertBindings, selectBindings } from './material-binding-repository.js';
import { MATERIAL_NOT_FOUND } from './material-queries.js';
import { selectMaterial } from './material-repository.js';

/**
 * `binduser`: the named materials (those not the tenant's skipped) may from now on be used only by
 * the bound users and the agents serving the bound numbers. A user or number of another tenant is
 * a 404 naming its field, like an unknown one.
 */
export async function bindMaterials(context: AppContext, scope: Scope, request: BindRequest): Promise<BatchReply> {
  const userIds = [...new Set(request.userIds)];
  const numberIds = [...new Set(request.numberIds)];
  const targets = { materialIds: request.materialIds, userIds, numberIds };
  return withTransaction(context.pool, async (client) => {
    const found = await countBindingTargets(client, scope, targets);
    if (found.materials === 0) throw errors.notFound({ zh: 'materialIds: 素材', en: 'materialIds: Material' });
    if (found.users < userIds.length) throw errors.notFound({ zh: 'userIds: 用户', en: 'userIds: User' });
    if (found.numbers < numberIds.length) throw errors.notFound({ zh: 'numberIds: 号码', en: 'numberIds: Number' });
    return { count: await insertBindings(client, scope, targets) };
  });
}

export async function listBindings(context: AppContext, scope: Scope, materialId: string): Promise<MaterialBinding[]> {
  if (!(await selectMaterial(context.pool, scope, materialId))) throw errors.notFound(MATERIAL_NOT_FOUND);
  return selectBindings(context.pool, scope, materialId);
}

export async function removeBindings(context: AppContext, scope: Scope, ids: readonly string[]): Promise<BatchReply> {
  return batchReply(await deleteBindings(context.pool, scope, ids), { zh: 'ids: 绑定', en: 'ids: Binding' });
}
