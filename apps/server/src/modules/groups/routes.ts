import { calls } from '@ws/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/http/context.js';
import { fileRoute } from '../../platform/http/file-route.js';
import { route } from '../../platform/http/route.js';
import { addPullTask } from './add-pull-task.js';
import { checkHosts } from './host-check.js';
import { operatePullTask } from './operate-pull-task.js';
import { downloadGroups, downloadInviteRecords, downloadJoinedContacts } from './pull-downloads.js';
import { listGroups, listPullTasks, pullDetails, pullRecords } from './pull-queries.js';

/** Group invites: pull-group tasks (`group/pull*`) and the tenant's groups (`group/list`). */
export function registerGroupRoutes(app: FastifyInstance, context: AppContext): void {
  route(app, context, calls.groupPullhosts, ({ scope, body }) => checkHosts(context, scope, body.numberIds));
  route(app, context, calls.groupPulladd, async ({ scope, body, audit }) => {
    const task = await addPullTask(context, scope, body);
    audit(`pull-group task ${task.id} ${task.name}`);
    return task;
  });
  route(app, context, calls.groupPulllist, ({ scope, body }) => listPullTasks(context, scope, body));
  route(app, context, calls.groupPulldetails, ({ scope, body }) => pullDetails(context, scope, body.id));
  route(app, context, calls.groupPulloperation, async ({ scope, body, audit }) => {
    const task = await operatePullTask(context, scope, body);
    audit(`pull-group task ${task.id} ${task.name}: ${body.operation}`);
    return task;
  });
  route(app, context, calls.groupPullrecords, ({ scope, body }) => pullRecords(context, scope, body));
  route(app, context, calls.groupList, ({ scope, body }) => listGroups(context, scope, body));
  fileRoute(app, context, calls.groupPulldown, async ({ scope, body, language, audit }) => {
    audit(`pull-group task ${body.id} groups downloaded`);
    return downloadGroups(context, scope, body.id, language);
  });
  fileRoute(app, context, calls.groupPulldownrec, async ({ scope, body, language, audit }) => {
    audit(`pull-group task ${body.id} invitations downloaded`);
    return downloadInviteRecords(context, scope, body.id, language);
  });
  fileRoute(app, context, calls.groupPullfansex, async ({ scope, body, language, audit }) => {
    audit(`pull-group task ${body.id} joined contacts downloaded`);
    return downloadJoinedContacts(context, scope, body.id, language);
  });
}
