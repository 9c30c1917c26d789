import type { Link, NewLink } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { Db } from '../../platform/db/pool.js';
import { announceLinksChanged } from './link-changes.js';
import { checkSlugFree, generatedSlug, slugInUse, targetValuesOf } from './link-input.js';
import { linkOf } from './link-queries.js';
import { insertLink, upsertTargets } from './link-repository.js';
import { inTransaction } from './link-transaction.js';

/** Tries for a free generated slug before giving up (7 of 32 letters: a clash is rare). */
const GENERATED_SLUG_TRIES = 5;

/**
 * Creates a link with its targets (`link/add`); other modules create theirs through it (a
 * lead-intake order's share gives `orderShareId`). Runs in the caller's transaction when `db` is a
 * client; the pool gets its own. A given slug already in use is a 409 naming `slug`.
 */
export async function createLink(
  db: Db,
  scope: Scope,
  input: NewLink,
  options: { orderShareId?: string | null } = {},
): Promise<Link> {
  const work = async (client: Db) => {
    const targets = await targetValuesOf(client, scope, input.targets);
    if (input.slug) await checkSlugFree(client, input.slug);
    let id: string | undefined;
    for (let attempt = 0; id === undefined && attempt < (input.slug ? 1 : GENERATED_SLUG_TRIES); attempt += 1) {
      id = await insertLink(client, scope, {
        slug: input.slug ?? generatedSlug(),
        name: input.name,
        message: input.message,
        rule: input.rule,
        sticky: input.sticky,
        orderShareId: options.orderShareId ?? null,
      });
    }
    if (id === undefined) throw slugInUse();
    await upsertTargets(client, scope, id, targets);
    return linkOf(client, scope, id);
  };
  const link = await inTransaction(db, work);
  announceLinksChanged([link.slug]);
  return link;
}
