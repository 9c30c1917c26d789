import { randomBytes } from 'node:crypto';
import type { LinkTargetInput } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { Db } from '../../platform/db/pool.js';
import { errors } from '../../platform/http/errors.js';
import { selectLiveNumberIds, slugTaken, type TargetValues } from './link-repository.js';
import { minutesOf } from './tenant-clock.js';

const SLUG_LETTERS = 'abcdefghijkmnpqrstuvwxyz23456789';

/** A new slug: 7 letters and digits without the look-alikes (l, o, 0, 1). */
export function generatedSlug(): string {
  return [...randomBytes(7)].map((byte) => SLUG_LETTERS[byte % SLUG_LETTERS.length]).join('');
}

export const slugInUse = () =>
  errors.conflict({ zh: 'slug: 该链接地址已被使用', en: 'slug: this link address is already in use' });

/** A given slug free among live links (other than the link being edited), else a 409 naming the field. */
export async function checkSlugFree(db: Db, slug: string, exceptId?: string): Promise<void> {
  if (await slugTaken(db, slug, exceptId)) throw slugInUse();
}

/**
 * Targets as stored: each number once, and each a live number of the caller's tenant (another
 * tenant's is a 404 naming the field, like an unknown one).
 */
export async function targetValuesOf(
  db: Db,
  scope: Scope,
  targets: readonly LinkTargetInput[],
  field = 'targets',
): Promise<TargetValues[]> {
  const seen = new Set<string>();
  targets.forEach((target, index) => {
    if (seen.has(target.numberId)) {
      throw errors.invalid(`${field}[${index}].numberId`, '号码重复', 'the number is listed twice');
    }
    seen.add(target.numberId);
  });
  const live = await selectLiveNumberIds(db, scope, [...seen]);
  targets.forEach((target, index) => {
    if (!live.has(target.numberId)) {
      throw errors.notFound({ zh: `${field}[${index}].numberId: 号码`, en: `${field}[${index}].numberId: Number` });
    }
  });
  return targets.map((target) => ({
    numberId: target.numberId,
    weight: target.weight,
    dailyAim: target.dailyAim,
    windowStart: target.windowStart ? minutesOf(target.windowStart) : null,
    windowEnd: target.windowEnd ? minutesOf(target.windowEnd) : null,
  }));
}
