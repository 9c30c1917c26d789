import type { Link, Page } from '@ws/contract';
import { toPage } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { Db } from '../../platform/db/pool.js';
import { errors } from '../../platform/http/errors.js';
import { toLinks } from './link-presenter.js';
import { selectLink, selectLinks, selectTargets } from './link-repository.js';

export const linkNotFound = (field = 'id') => errors.notFound({ zh: `${field}: 链接`, en: `${field}: Link` });

/** One link of the caller's tenant with its targets; a 404 naming the field when it is not theirs. */
export async function linkOf(db: Db, scope: Scope, id: string, field = 'id'): Promise<Link> {
  const row = await selectLink(db, scope, id);
  if (!row) throw linkNotFound(field);
  return toLinks([row], await selectTargets(db, scope, [row.id]))[0] as Link;
}

/** `link/list`: newest first. */
export async function listLinks(
  db: Db,
  scope: Scope,
  request: { page: number; pageSize: number; filters: { search?: string | undefined } },
): Promise<Page<Link>> {
  const { rows, total } = await selectLinks(
    db,
    scope,
    request.filters,
    request.pageSize,
    (request.page - 1) * request.pageSize,
  );
  const targets = await selectTargets(
    db,
    scope,
    rows.map((row) => row.id),
  );
  return toPage(toLinks(rows, targets), total, request);
}
