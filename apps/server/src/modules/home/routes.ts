import { calls } from '@ws/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/http/context.js';
import { route } from '../../platform/http/route.js';
import { homeSummary } from './home-summary.js';

export function registerHomeRoutes(app: FastifyInstance, context: AppContext): void {
  route(app, context, calls.homeSummary, ({ scope }) => homeSummary(context, scope));
}
