import {
  type BatchReply,
  MATERIAL_FILE_KINDS,
  type Material,
  type MaterialEdit,
  type MaterialInput,
  type MaterialType,
} from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { withTransaction } from '../../platform/db/pool.js';
import { FOREIGN_KEY_VIOLATION, refusedAs, UNIQUE_VIOLATION } from '../../platform/db/sql-state.js';
import { batchReply } from '../../platform/http/batch-reply.js';
import type { AppContext } from '../../platform/http/context.js';
import { AppError, errors } from '../../platform/http/errors.js';
import { UPLOADS_URL_PREFIX } from '../uploads/store-image.js';
import { checkUploadKind } from '../uploads/upload-kind.js';
import { selectUpload } from '../uploads/upload-repository.js';
import { MATERIAL_NOT_FOUND } from './material-queries.js';
import {
  deleteMaterialsOfType,
  insertMaterial,
  type MaterialFields,
  replaceSteps,
  selectMaterial,
  selectStepMaterials,
  updateMaterial,
} from './material-repository.js';
import { materialTagExists } from './material-tag-repository.js';

const shortcutTaken = () =>
  new AppError('conflict', { zh: 'title: 该快捷短语已存在', en: 'title: this shortcut is already taken' });
const usedByAutoReply = () =>
  new AppError('conflict', {
    zh: 'ids: 素材正被自动回复使用，请先从自动回复中移除',
    en: 'ids: a material is used by an automatic reply; remove it from that reply first',
  });

/** What a material's input stores: its file checked for the type, its tag and steps the tenant's. */
async function fieldsOf(context: AppContext, scope: Scope, input: MaterialInput): Promise<MaterialFields> {
  let uploadId: string | null = null;
  const kind = MATERIAL_FILE_KINDS[input.tp];
  if ('upload' in input && kind) {
    const storagePath = input.upload.slice(UPLOADS_URL_PREFIX.length);
    const upload = storagePath.split('/').includes('..')
      ? undefined
      : await selectUpload(context.pool, scope, storagePath);
    if (!upload) throw errors.notFound({ zh: 'upload: 文件', en: 'upload: File' });
    checkUploadKind(upload, kind, 'upload');
    uploadId = upload.id;
  }
  if (input.tagId && !(await materialTagExists(context.pool, scope, input.tagId))) {
    throw errors.notFound({ zh: 'tagId: 素材标签', en: 'tagId: Material tag' });
  }
  if (input.tp === 'auto') {
    const usable = await selectStepMaterials(
      context.pool,
      scope,
      input.steps.map((step) => step.materialId),
    );
    const missing = input.steps.findIndex((step) => !usable.has(step.materialId));
    if (missing >= 0) {
      throw errors.notFound({ zh: `steps.${missing}.materialId: 素材`, en: `steps.${missing}.materialId: Material` });
    }
  }
  return {
    title: input.title,
    text: 'text' in input ? input.text : '',
    uploadId,
    card: input.tp === 'card' ? input.card : null,
    buttons: input.tp === 'imgtext' ? input.buttons : [],
    tagId: input.tagId,
  };
}

async function saved(context: AppContext, scope: Scope, id: string): Promise<Material> {
  const material = await selectMaterial(context.pool, scope, id);
  if (!material) throw errors.notFound(MATERIAL_NOT_FOUND);
  return material;
}

export async function addMaterial(context: AppContext, scope: Scope, input: MaterialInput): Promise<Material> {
  const fields = await fieldsOf(context, scope, input);
  const id = await refusedAs(
    () =>
      withTransaction(context.pool, async (client) => {
        const id = await insertMaterial(client, scope, input.tp, fields);
        if (input.tp === 'auto') await replaceSteps(client, scope, id, input.steps);
        return id;
      }),
    UNIQUE_VIOLATION,
    shortcutTaken,
  );
  return saved(context, scope, id);
}

export async function editMaterial(context: AppContext, scope: Scope, edit: MaterialEdit): Promise<Material> {
  const fields = await fieldsOf(context, scope, edit);
  const found = await refusedAs(
    () =>
      withTransaction(context.pool, async (client) => {
        if (!(await updateMaterial(client, scope, edit.id, edit.tp, fields))) return false;
        if (edit.tp === 'auto') await replaceSteps(client, scope, edit.id, edit.steps);
        return true;
      }),
    UNIQUE_VIOLATION,
    shortcutTaken,
  );
  if (!found) throw errors.notFound(MATERIAL_NOT_FOUND);
  return saved(context, scope, edit.id);
}

/** A type's delete (`quickdel`, `imagedel`, ...): only materials of that type; one a step names is refused. */
export async function removeMaterials(
  context: AppContext,
  scope: Scope,
  tp: MaterialType,
  ids: readonly string[],
): Promise<BatchReply> {
  const count = await refusedAs(
    () => deleteMaterialsOfType(context.pool, scope, tp, ids),
    FOREIGN_KEY_VIOLATION,
    usedByAutoReply,
  );
  return batchReply(count, { zh: 'ids: 素材', en: 'ids: Material' });
}
