import { calls } from '@ws/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/http/context.js';
import { fileRoute } from '../../platform/http/file-route.js';
import { route } from '../../platform/http/route.js';
import { censusData, censusTotals } from './census-data.js';
import { censusCsv } from './census-export.js';

export function registerCensusRoutes(app: FastifyInstance, context: AppContext): void {
  route(app, context, calls.censusData, ({ scope, body }) => censusData(context, scope, body));
  route(app, context, calls.censusTotal, ({ scope, body }) => censusTotals(context, scope, body.numberId));
  fileRoute(app, context, calls.censusExport, ({ scope, body, language }) => censusCsv(context, scope, body, language));
}
