import { calls } from '@ws/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/http/context.js';
import { route } from '../../platform/http/route.js';
import { listCustomers } from './customer-list.js';

export function registerCustomerRoutes(app: FastifyInstance, context: AppContext): void {
  route(app, context, calls.customers, ({ scope, body }) => listCustomers(context, scope, body));
}
