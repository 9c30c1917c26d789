import { calls } from '@ws/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/http/context.js';
import { fileRoute } from '../../platform/http/file-route.js';
import { route } from '../../platform/http/route.js';
import { createLink } from './create-link.js';
import { deleteLinks } from './delete-links.js';
import { downloadClicks } from './download-clicks.js';
import { addTarget, editLink, removeTarget } from './edit-link.js';
import { linkDetails, listClicks } from './link-details.js';
import { listLinks } from './link-queries.js';
import { registerLinkRedirect } from './redirect/public-route.js';

/** Click-to-chat links (`/api/link/*` and the public `/l/{slug}`, issue 18, decision 0019). */
export function registerLinkRoutes(app: FastifyInstance, context: AppContext): void {
  registerLinkRedirect(app, context);
  route(app, context, calls.linkList, ({ scope, body }) => listLinks(context.pool, scope, body));
  route(app, context, calls.linkAdd, async ({ scope, body, audit }) => {
    const link = await createLink(context.pool, scope, body);
    audit(`link ${link.id} /l/${link.slug} ${link.name}: ${link.rule}, ${link.targets.length} targets`);
    return link;
  });
  route(app, context, calls.linkEdit, async ({ scope, body, audit }) => {
    const link = await editLink(context.pool, scope, body);
    audit(`link ${link.id} /l/${link.slug}: ${JSON.stringify({ ...body, id: undefined })}`);
    return link;
  });
  route(app, context, calls.linkDel, async ({ scope, body, audit }) => {
    const reply = await deleteLinks(context.pool, scope, body.ids);
    audit(`links deleted: ${body.ids.join(',')}`);
    return reply;
  });
  route(app, context, calls.linkAddTarget, async ({ scope, body, audit }) => {
    const link = await addTarget(context.pool, scope, body);
    audit(`link ${link.id}: number ${body.numberId} targeted (weight ${body.weight}, aim ${body.dailyAim})`);
    return link;
  });
  route(app, context, calls.linkRemoveTarget, async ({ scope, body, audit }) => {
    const link = await removeTarget(context.pool, scope, body);
    audit(`link ${link.id}: number ${body.numberId} no longer targeted`);
    return link;
  });
  route(app, context, calls.linkDetails, ({ scope, body }) => linkDetails(context.pool, scope, body));
  route(app, context, calls.linkClicks, ({ scope, body }) => listClicks(context.pool, scope, body));
  fileRoute(app, context, calls.linkDownload, async ({ scope, body, language, audit }) => {
    const file = await downloadClicks(context.pool, scope, body, language);
    audit(`link ${body.id} click log downloaded as ${body.format}`);
    return file;
  });
}
