import { calls } from '@ws/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/http/context.js';
import { route } from '../../platform/http/route.js';
import { seatBatchProgress, startSeatBatch } from './seat-batches.js';

export function registerSeatRoutes(app: FastifyInstance, context: AppContext): void {
  route(app, context, calls.createSeats, async ({ user, body, audit }) => {
    const taskId = await startSeatBatch(context, user, body);
    audit(`${body.count} seats ${body.prefix}1..${body.prefix}${body.count}`);
    return { taskId };
  });
  route(app, context, calls.seatProgress, ({ user, body }) => seatBatchProgress(context, user, body.taskId));
}
