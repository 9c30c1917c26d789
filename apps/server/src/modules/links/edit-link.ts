/** Changing a link and its targets; other modules may call these too, in their transaction when they pass a client. */
import type { Link, LinkEdit, LinkTargetAdd } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { Db } from '../../platform/db/pool.js';
import { errors } from '../../platform/http/errors.js';
import { announceLinksChanged } from './link-changes.js';
import { checkSlugFree, slugInUse, targetValuesOf } from './link-input.js';
import { linkNotFound, linkOf } from './link-queries.js';
import { deleteTarget, deleteTargetsExcept, selectLink, updateLink, upsertTargets } from './link-repository.js';
import { inTransaction } from './link-transaction.js';

/** `link/edit`: the settings given change; `targets`, when given, replaces the list (by number). */
export async function editLink(db: Db, scope: Scope, edit: LinkEdit): Promise<Link> {
  const { link, before } = await inTransaction(db, async (client) => {
    const row = await selectLink(client, scope, edit.id, true);
    if (!row) throw linkNotFound();
    if (edit.slug !== undefined && edit.slug !== row.slug) await checkSlugFree(client, edit.slug, row.id);
    await updateLink(client, scope, row.id, edit).catch((error: { code?: string }) => {
      // Taken by a link made at the same moment.
      throw error.code === '23505' ? slugInUse() : error;
    });
    if (edit.targets) {
      const targets = await targetValuesOf(client, scope, edit.targets);
      await deleteTargetsExcept(
        client,
        scope,
        row.id,
        targets.map((target) => target.numberId),
      );
      await upsertTargets(client, scope, row.id, targets);
    }
    return { link: await linkOf(client, scope, row.id), before: row.slug };
  });
  announceLinksChanged([before, link.slug]);
  return link;
}

/** `link/addcus`: one of the tenant's numbers becomes a target of the link (or its settings change). */
export async function addTarget(db: Db, scope: Scope, input: LinkTargetAdd): Promise<Link> {
  const link = await inTransaction(db, async (client) => {
    const row = await selectLink(client, scope, input.linkId, true);
    if (!row) throw linkNotFound('linkId');
    const [target] = await targetValuesOf(client, scope, [input]);
    if (!target) throw errors.notFound({ zh: 'numberId: 号码', en: 'numberId: Number' });
    await upsertTargets(client, scope, row.id, [target]);
    return linkOf(client, scope, row.id);
  });
  announceLinksChanged([link.slug]);
  return link;
}

/** `link/delcus`: the number stops being a target; its past clicks stay in the log. */
export async function removeTarget(db: Db, scope: Scope, input: { linkId: string; numberId: string }) {
  const link = await inTransaction(db, async (client) => {
    const row = await selectLink(client, scope, input.linkId, true);
    if (!row) throw linkNotFound('linkId');
    if (!(await deleteTarget(client, scope, row.id, input.numberId))) {
      throw errors.notFound({ zh: 'numberId: 链接的目标号码', en: "numberId: The link's target number" });
    }
    return linkOf(client, scope, row.id);
  });
  announceLinksChanged([link.slug]);
  return link;
}
