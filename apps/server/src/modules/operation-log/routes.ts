import { calls } from '@ws/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/http/context.js';
import { fileRoute } from '../../platform/http/file-route.js';
import { route } from '../../platform/http/route.js';
import { downloadOperationLog, listOperationLog } from './list-operation-log.js';
import { selectRetention, updateRetention } from './retention-repository.js';

/** The operation log's screen, export and retention (issue 21, decision 0029). */
export function registerOperationLogRoutes(app: FastifyInstance, context: AppContext): void {
  const db = context.pool;
  route(app, context, calls.operationList, ({ scope, body }) => listOperationLog(db, scope, body));
  fileRoute(app, context, calls.operationDown, async ({ scope, body, language, audit }) => {
    const file = await downloadOperationLog(db, scope, body, language);
    audit(`operation log downloaded as ${body.format}: ${JSON.stringify(body.filters)}`);
    return file;
  });
  route(app, context, calls.operationRetention, () => selectRetention(db));
  route(app, context, calls.operationSetRetention, async ({ scope, body, audit }) => {
    const retention = await updateRetention(db, body.days, scope.userId);
    audit(`operation log retention: ${body.days} days`);
    return retention;
  });
}
