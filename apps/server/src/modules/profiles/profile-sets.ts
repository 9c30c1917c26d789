import type { ProfileSet, ProfileSetEdit, ProfileSetInput } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { AppContext } from '../../platform/http/context.js';
import { AppError, errors } from '../../platform/http/errors.js';
import { selectUploadByUrl } from '../uploads/upload-repository.js';
import {
  insertProfileSet,
  type ProfileSetFields,
  selectProfileSet,
  updateProfileSet,
} from './profile-set-repository.js';

export const SET_NOT_FOUND = { zh: 'id: 资料模板', en: 'id: Profile set' };
const nameTaken = () =>
  new AppError('conflict', { zh: 'name: 已有同名的资料模板', en: 'name: a profile set of this name exists' });

/** Meta takes a profile picture only as a JPEG or PNG. */
const PICTURE_TYPES = new Set(['image/jpeg', 'image/png']);

/** The input's fields as stored: the picture checked as the tenant's JPEG or PNG file. */
async function fieldsOf(context: AppContext, scope: Scope, input: ProfileSetInput): Promise<ProfileSetFields> {
  const { picture, ...rest } = input;
  if (!picture) return { ...rest, pictureUploadId: null };
  const upload = await selectUploadByUrl(context.pool, scope, picture);
  if (!upload) throw errors.notFound({ zh: 'picture: 图片', en: 'picture: Image' });
  if (!PICTURE_TYPES.has(upload.content_type)) {
    throw errors.invalid('picture', '头像只能是 JPEG 或 PNG 图片', 'a profile picture must be a JPEG or PNG image');
  }
  return { ...rest, pictureUploadId: upload.id };
}

export async function addProfileSet(context: AppContext, scope: Scope, input: ProfileSetInput): Promise<ProfileSet> {
  const id = await insertProfileSet(context.pool, scope, await fieldsOf(context, scope, input));
  if (!id) throw nameTaken();
  return (await selectProfileSet(context.pool, scope, id)) as ProfileSet;
}

export async function editProfileSet(context: AppContext, scope: Scope, input: ProfileSetEdit): Promise<ProfileSet> {
  const { id, ...rest } = input;
  if (!(await selectProfileSet(context.pool, scope, id))) throw errors.notFound(SET_NOT_FOUND);
  const outcome = await updateProfileSet(context.pool, scope, id, await fieldsOf(context, scope, rest));
  if (outcome === 'missing') throw errors.notFound(SET_NOT_FOUND);
  if (outcome === 'taken') throw nameTaken();
  return (await selectProfileSet(context.pool, scope, id)) as ProfileSet;
}
