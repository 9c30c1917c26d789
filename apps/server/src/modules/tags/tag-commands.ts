import { MAX_TAGS_PER_KIND, type NewTag, type Tag, type TagEdit } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { refusedAs, UNIQUE_VIOLATION } from '../../platform/db/sql-state.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { deleteTags, findTag, insertTag, type TagFields, updateTag } from './tag-repository.js';

const TAG = { zh: '标签', en: 'Tag' };

/** Runs a write that may reuse a name of the same kind (tag_name_key ignores case): 409 naming it. */
const withUniqueName = <T>(name: string, write: () => Promise<T>): Promise<T> =>
  refusedAs(write, UNIQUE_VIOLATION, () =>
    errors.conflict({ zh: `name: 标签名称“${name}”已存在`, en: `name: the tag name "${name}" is already in use` }),
  );

async function loadTag(context: AppContext, caller: Scope, tagId: string): Promise<Tag> {
  const tag = await findTag(context.pool, caller, tagId);
  if (!tag) throw errors.notFound(TAG);
  return tag;
}

export async function addTag(context: AppContext, caller: Scope, input: NewTag): Promise<Tag> {
  const fields: TagFields = { name: input.name, color: input.color, remark: input.remark };
  const id = await withUniqueName(input.name, () =>
    insertTag(context.pool, caller, input.kind, fields, MAX_TAGS_PER_KIND),
  );
  if (!id) {
    throw errors.conflict({
      zh: `kind: 每类标签最多 ${MAX_TAGS_PER_KIND} 个`,
      en: `kind: at most ${MAX_TAGS_PER_KIND} tags of each kind`,
    });
  }
  return loadTag(context, caller, id);
}

export async function editTag(context: AppContext, caller: Scope, input: TagEdit): Promise<Tag> {
  const { id, ...fields } = input;
  const update = () => updateTag(context.pool, caller, id, fields);
  // Only a new name can collide with another tag's.
  const found = await (fields.name === undefined ? update() : withUniqueName(fields.name, update));
  if (!found) throw errors.notFound(TAG);
  return loadTag(context, caller, id);
}

/** Deletes the caller's tags among `ids` (404 when none of them is the caller's); returns their names. */
export async function removeTags(context: AppContext, caller: Scope, ids: readonly string[]) {
  const deleted = await deleteTags(context.pool, caller, ids);
  if (deleted.length === 0) throw errors.notFound({ zh: `ids: ${TAG.zh}`, en: `ids: ${TAG.en}` });
  return deleted;
}
