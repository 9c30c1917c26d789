import { type Material, type MaterialFilter, type MaterialType, OWN_MATERIALS_MAX } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { cappedPage } from '../../platform/http/capped-page.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { countMaterials, selectMaterial, selectMaterials } from './material-repository.js';

export const MATERIAL_NOT_FOUND = { zh: 'id: 素材', en: 'id: Material' };

export function listMaterials(context: AppContext, scope: Scope, filter: MaterialFilter) {
  const query = { tp: filter.tp, search: filter.filters.search, tagId: filter.filters.tagId };
  return cappedPage(
    filter,
    (cap) => countMaterials(context.pool, scope, query, cap),
    (limit, offset) => selectMaterials(context.pool, scope, query, limit, offset),
  );
}

/** One material the caller may use (a seat: bound to no one, to it or to its numbers). */
export async function getMaterial(context: AppContext, scope: Scope, id: string): Promise<Material> {
  const material = await selectMaterial(context.pool, scope, id);
  if (!material) throw errors.notFound(MATERIAL_NOT_FOUND);
  return material;
}

/** `ownmater`: the caller's own materials of a type, newest first. */
export function ownMaterials(context: AppContext, scope: Scope, tp: MaterialType): Promise<Material[]> {
  return selectMaterials(context.pool, scope, { tp, ownerUserId: scope.userId }, OWN_MATERIALS_MAX, 0);
}
