import { calls } from '@ws/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/http/context.js';
import { fileRoute } from '../../platform/http/file-route.js';
import { route } from '../../platform/http/route.js';
import { listContacts } from './contact-list.js';
import { contactAgents, contactSources } from './contact-repository.js';
import { clearNumbersContacts, deleteContacts, describeIds } from './delete-contacts.js';
import { exportContacts } from './export-contacts.js';
import { moveAllContacts, moveContacts } from './move-contacts.js';
import { tagContacts } from './tag-contacts.js';

/** The contact list and its batch actions (issue 5). */
export function registerContactRoutes(app: FastifyInstance, context: AppContext): void {
  route(app, context, calls.contactList, ({ scope, body }) => listContacts(context, scope, body));
  route(app, context, calls.contactAgents, ({ scope }) => contactAgents(context.pool, scope));
  route(app, context, calls.contactSources, ({ scope }) => contactSources(context.pool, scope));
  route(app, context, calls.deleteContacts, async ({ scope, body, audit }) => {
    const { count } = await deleteContacts(context, scope, body.ids);
    audit(describeIds('contacts deleted', count, body.ids));
    return { count };
  });
  route(app, context, calls.clearNumbersContacts, async ({ scope, body, audit }) => {
    const { count } = await clearNumbersContacts(context, scope, body.numberIds);
    audit(describeIds('contacts deleted of numbers', count, body.numberIds));
    return { count };
  });
  route(app, context, calls.moveContacts, async ({ scope, body, audit }) => {
    const { count } = await moveContacts(context, scope, body);
    const to = [body.numberId && `number ${body.numberId}`, body.ownerUserId && `owner ${body.ownerUserId}`];
    audit(describeIds(`contacts moved to ${to.filter(Boolean).join(' and ')}`, count, body.ids));
    return { count };
  });
  route(app, context, calls.moveNumbersContacts, async ({ scope, body, audit }) => {
    const { count } = await moveAllContacts(context, scope, body.fromNumberIds, body.toNumberId);
    audit(describeIds(`contacts moved to number ${body.toNumberId} from numbers`, count, body.fromNumberIds));
    return { count };
  });
  route(app, context, calls.tagContacts, async ({ scope, body, audit }) => {
    const { count } = await tagContacts(context, scope, body);
    const change = `+[${body.addTagIds.join(',')}] -[${body.removeTagIds.join(',')}]`;
    audit(describeIds(`contacts tagged ${change}`, count, body.ids));
    return { count };
  });
  fileRoute(app, context, calls.exportContacts, async ({ scope, body, language, audit }) => {
    const file = await exportContacts(context, scope, body, language);
    audit(`contacts export of ${file.headers?.['x-total-count'] ?? '?'} rows: ${JSON.stringify(body)}`);
    return file;
  });
}
