import { calls } from '@ws/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/http/context.js';
import { fileRoute } from '../../platform/http/file-route.js';
import { route } from '../../platform/http/route.js';
import { censusData, censusTotals } from './census-data.js';
import { censusCsv } from './census-export.js';

export function registerCensusRoutes(app: FastifyInstance, context: AppContext): void {
  route(app, context, calls.censusData, ({ user, body }) => censusData(context, user, body));
  route(app, context, calls.censusTotal, ({ user, body }) => censusTotals(context, user, body.numberId));
  fileRoute(app, context, calls.censusExport, ({ user, body, language }) => censusCsv(context, user, body, language));
}
