import { calls } from '@ws/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/http/context.js';
import { route } from '../../platform/http/route.js';
import { addTemplate } from './add-template.js';
import { deleteTemplate } from './delete-template.js';
import { syncTemplates } from './sync-templates.js';
import { listTemplates, templateDetails } from './template-queries.js';

/** Message templates of the tenant's WABAs (issue 16, "Templates first"). */
export function registerTemplateRoutes(app: FastifyInstance, context: AppContext): void {
  route(app, context, calls.templateList, ({ scope, body }) => listTemplates(context, scope, body));
  route(app, context, calls.templateDetails, ({ scope, body }) => templateDetails(context, scope, body.id));
  route(app, context, calls.templateSync, async ({ scope, body, language, audit }) => {
    const reply = await syncTemplates(context, scope, body.numberId, language);
    audit(`templates synced${body.numberId ? ` for number ${body.numberId}` : ''}: ${JSON.stringify(reply)}`);
    return reply;
  });
  route(app, context, calls.templateAdd, async ({ scope, body, audit }) => {
    const template = await addTemplate(context, scope, body);
    audit(`template ${template.name} (${template.language}, ${template.id}) submitted on WABA ${template.waba_id}`);
    return template;
  });
  route(app, context, calls.templateDel, async ({ scope, body, audit }) => {
    const deleted = await deleteTemplate(context, scope, body.id);
    audit(`template ${deleted.name} (${deleted.language}, ${body.id}) deleted: ${deleted.count}`);
    return { count: deleted.count };
  });
}
