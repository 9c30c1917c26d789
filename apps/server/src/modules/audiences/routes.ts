import { calls } from '@ws/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/http/context.js';
import { fileRoute } from '../../platform/http/file-route.js';
import { route } from '../../platform/http/route.js';
import { addAudience } from './add-audience.js';
import { audienceChoices, audienceDetails, listAudiences } from './audience-queries.js';
import { checkPhones } from './check-phones.js';
import { deleteAudiences } from './delete-audiences.js';
import { downloadAudience, downloadEvidence } from './download-audience.js';
import { loadAudience } from './load-audience.js';
import { runAudience } from './run-audience.js';

/** Audience lists (specification section 7, "Data"; issue 15). */
export function registerAudienceRoutes(app: FastifyInstance, context: AppContext): void {
  route(app, context, calls.audienceAdd, async ({ scope, request, language, audit }) => {
    const list = await addAudience(context, scope, request, language);
    audit(`list ${list.id} ${list.name} (${list.file_name}, ${list.status})`);
    return list;
  });
  route(app, context, calls.audienceRun, async ({ scope, body, language, audit }) => {
    const list = await runAudience(context, scope, body, language);
    audit(`list ${list.id} checked with ${JSON.stringify(list.mapping)}`);
    return list;
  });
  route(app, context, calls.audienceCheck, ({ scope, body }) =>
    checkPhones(context, scope, body.phones, body.defaultCountry),
  );
  route(app, context, calls.audienceList, ({ scope, body, language }) => listAudiences(context, scope, body, language));
  route(app, context, calls.audienceDetails, ({ scope, body }) => audienceDetails(context, scope, body));
  route(app, context, calls.audienceGetall, ({ scope }) => audienceChoices(context, scope));
  route(app, context, calls.audienceDelete, async ({ scope, body, audit }) => {
    const reply = await deleteAudiences(context, scope, body.ids);
    audit(`lists deleted: ${body.ids.join(',')}`);
    return reply;
  });
  fileRoute(app, context, calls.audienceDownload, async ({ scope, body, language, audit }) => {
    const file = await downloadAudience(context, scope, body, language);
    audit(`list ${body.id} downloaded as ${body.format}${body.outcome ? ` (${body.outcome})` : ''}`);
    return file;
  });
  fileRoute(app, context, calls.audienceEvidence, ({ scope, body }) => downloadEvidence(context, scope, body.id));
  route(app, context, calls.audienceLoad, async ({ scope, body, language, audit }) => {
    const list = await loadAudience(context, scope, body, language);
    audit(`list ${list.id} loaded into contacts: ${JSON.stringify(body)}`);
    return list;
  });
}
