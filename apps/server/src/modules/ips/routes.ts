import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/http/context.js';

/** This domain's calls (issue 5): one route(...) per call of its contract map. */
export function registerIpRoutes(_app: FastifyInstance, _context: AppContext): void {}
