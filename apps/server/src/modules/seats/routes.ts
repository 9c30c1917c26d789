import { calls } from '@ws/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/http/context.js';
import { route } from '../../platform/http/route.js';
import { seatBatchProgress, startSeatBatch } from './seat-batches.js';

export function registerSeatRoutes(app: FastifyInstance, context: AppContext): void {
  route(app, context, calls.createSeats, async ({ scope, user, body, audit }) => {
    const taskId = await startSeatBatch(context, scope, user.deptId, body);
    audit(`${body.count} seats ${body.prefix}1..${body.prefix}${body.count}`);
    return { task_id: taskId };
  });
  route(app, context, calls.seatProgress, ({ scope, body }) => seatBatchProgress(context, scope, body.taskId));
}
