import { calls } from '@ws/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/http/context.js';
import { route } from '../../platform/http/route.js';

export function registerSystemRoutes(app: FastifyInstance, context: AppContext): void {
  // Answers from memory: the network indicator measures the round trip, not the database.
  route(app, context, calls.ping, async () => ({ time: Date.now() }));
}
