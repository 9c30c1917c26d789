import { calls, toPage } from '@ws/contract';
import type { FastifyInstance } from 'fastify';
import { batchReply } from '../../platform/http/batch-reply.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { route } from '../../platform/http/route.js';
import { applyProfileSet, RUN_NOT_FOUND, retryProfileRun } from './apply-profile.js';
import { currentProfiles } from './current-profiles.js';
import { listProfileResults, listProfileRuns, selectProfileRun } from './profile-run-repository.js';
import { deleteProfileSets, listProfileSets } from './profile-set-repository.js';
import { addProfileSet, editProfileSet } from './profile-sets.js';

export function registerProfileRoutes(app: FastifyInstance, context: AppContext): void {
  route(app, context, calls.profileList, async ({ scope, body }) => {
    const { total, records } = await listProfileSets(context.pool, scope, body);
    return toPage(records, total, body);
  });
  route(app, context, calls.profileAdd, async ({ scope, body, audit }) => {
    const set = await addProfileSet(context, scope, body);
    audit(`profile set ${set.name} (${set.id})`);
    return set;
  });
  route(app, context, calls.profileEdit, async ({ scope, body, audit }) => {
    const set = await editProfileSet(context, scope, body);
    audit(`profile set ${set.name} (${set.id})`);
    return set;
  });
  route(app, context, calls.profileDelete, async ({ scope, body, audit }) => {
    const count = await deleteProfileSets(context.pool, scope, body.ids);
    audit(`profile sets ${body.ids.join(', ')}`);
    return batchReply(count, { zh: 'ids: 资料模板', en: 'ids: Profile set' });
  });
  route(app, context, calls.profileApply, async ({ scope, body, audit }) => {
    const run = await applyProfileSet(context, scope, body.setId, body.numberIds);
    audit(`profile set ${body.setId} run ${run.id} on ${run.total} numbers`);
    return run;
  });
  route(app, context, calls.profileRuns, async ({ scope, body }) => {
    const { total, records } = await listProfileRuns(context.pool, scope, body.filters.setId ?? null, body);
    return toPage(records, total, body);
  });
  route(app, context, calls.profileResults, async ({ scope, body }) => {
    if (!(await selectProfileRun(context.pool, scope, body.runId))) throw errors.notFound(RUN_NOT_FOUND);
    const { total, records } = await listProfileResults(
      context.pool,
      scope,
      body.runId,
      body.filters.status ?? null,
      body,
    );
    return toPage(records, total, body);
  });
  route(app, context, calls.profileRetry, async ({ scope, body, audit }) => {
    const reply = await retryProfileRun(context, scope, body.runId);
    audit(`profile run ${body.runId}: ${reply.count} numbers again`);
    return reply;
  });
  route(app, context, calls.profileCurrent, ({ scope, body }) =>
    currentProfiles(context, scope, body.setId, body.numberIds),
  );
}
