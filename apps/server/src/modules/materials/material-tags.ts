import type { BatchReply, MaterialTag } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { withTransaction } from '../../platform/db/pool.js';
import { refusedAs, UNIQUE_VIOLATION } from '../../platform/db/sql-state.js';
import { batchReply } from '../../platform/http/batch-reply.js';
import type { AppContext } from '../../platform/http/context.js';
import { AppError, errors } from '../../platform/http/errors.js';
import {
  deleteMaterialTags,
  insertMaterialTag,
  renameMaterialTag,
  selectMaterialTag,
} from './material-tag-repository.js';

const TAG_NOT_FOUND = { zh: 'id: 素材标签', en: 'id: Material tag' };
const nameTaken = (name: string) => () =>
  new AppError('conflict', {
    zh: `name: 标签名称“${name}”已存在`,
    en: `name: the tag name "${name}" is already in use`,
  });

async function tagOf(context: AppContext, scope: Scope, id: string): Promise<MaterialTag> {
  const tag = await selectMaterialTag(context.pool, scope, id);
  if (!tag) throw errors.notFound(TAG_NOT_FOUND);
  return tag;
}

export async function addMaterialTag(context: AppContext, scope: Scope, name: string): Promise<MaterialTag> {
  const id = await refusedAs(() => insertMaterialTag(context.pool, scope, name), UNIQUE_VIOLATION, nameTaken(name));
  return tagOf(context, scope, id);
}

export async function editMaterialTag(context: AppContext, scope: Scope, id: string, name: string) {
  const renamed = await refusedAs(
    () => renameMaterialTag(context.pool, scope, id, name),
    UNIQUE_VIOLATION,
    nameTaken(name),
  );
  if (!renamed) throw errors.notFound(TAG_NOT_FOUND);
  return tagOf(context, scope, id);
}

export async function removeMaterialTags(
  context: AppContext,
  scope: Scope,
  ids: readonly string[],
): Promise<BatchReply> {
  const count = await withTransaction(context.pool, (client) => deleteMaterialTags(client, scope, ids));
  return batchReply(count, { zh: 'ids: 素材标签', en: 'ids: Material tag' });
}
