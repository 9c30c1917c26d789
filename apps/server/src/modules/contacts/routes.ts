import { calls } from '@ws/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/http/context.js';
import { fileRoute } from '../../platform/http/file-route.js';
import { route } from '../../platform/http/route.js';
import { listContacts } from './contact-list.js';
import { contactSources } from './contact-repository.js';
import { clearNumbersContacts, deleteContacts, describeIds } from './delete-contacts.js';
import { exportContacts } from './export-contacts.js';
import { moveAllContacts, moveContacts } from './move-contacts.js';
import { tagContacts } from './tag-contacts.js';

/** The contact list and its batch actions (issue 5). */
export function registerContactRoutes(app: FastifyInstance, context: AppContext): void {
  route(app, context, calls.contactList, ({ user, body }) => listContacts(context, user.tenantId, body));
  route(app, context, calls.contactSources, ({ user }) => contactSources(context.pool, user.tenantId));
  route(app, context, calls.deleteContacts, async ({ user, body, audit }) => {
    const count = await deleteContacts(context, user.tenantId, body.ids);
    audit(describeIds('contacts deleted', count, body.ids));
    return { count };
  });
  route(app, context, calls.clearNumbersContacts, async ({ user, body, audit }) => {
    const count = await clearNumbersContacts(context, user.tenantId, body.numberIds);
    audit(describeIds('contacts deleted of numbers', count, body.numberIds));
    return { count };
  });
  route(app, context, calls.moveContacts, async ({ user, body, audit }) => {
    const count = await moveContacts(context, user.tenantId, body);
    const to = [body.numberId && `number ${body.numberId}`, body.ownerUserId && `owner ${body.ownerUserId}`];
    audit(describeIds(`contacts moved to ${to.filter(Boolean).join(' and ')}`, count, body.ids));
    return { count };
  });
  route(app, context, calls.moveNumbersContacts, async ({ user, body, audit }) => {
    const count = await moveAllContacts(context, user.tenantId, body.fromNumberIds, body.toNumberId);
    audit(describeIds(`contacts moved to number ${body.toNumberId} from numbers`, count, body.fromNumberIds));
    return { count };
  });
  route(app, context, calls.tagContacts, async ({ user, body, audit }) => {
    const count = await tagContacts(context, user.tenantId, body);
    const change = `+[${body.addTagIds.join(',')}] -[${body.removeTagIds.join(',')}]`;
    audit(describeIds(`contacts tagged ${change}`, count, body.ids));
    return { count };
  });
  fileRoute(app, context, calls.exportContacts, async ({ user, body, language, audit }) => {
    const file = await exportContacts(context, user.tenantId, body, language);
    audit(`contacts export of ${file.headers?.['x-total-count'] ?? '?'} rows: ${JSON.stringify(body)}`);
    return file;
  });
}
