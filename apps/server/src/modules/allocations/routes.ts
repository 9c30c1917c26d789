import { calls } from '@ws/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/http/context.js';
import { fileRoute } from '../../platform/http/file-route.js';
import { route } from '../../platform/http/route.js';
import { addPool, deletePools, setShares, supplyPool } from './pool-commands.js';
import { downloadPool, listPools } from './pool-queries.js';

/** Allocation of contacts to sender numbers and agents (`/api/fansdata/*`, issue 15). */
export function registerAllocationRoutes(app: FastifyInstance, context: AppContext): void {
  route(app, context, calls.poolList, ({ scope, body, language }) => listPools(context, scope, body, language));
  route(app, context, calls.poolAdd, async ({ scope, body, language, audit }) => {
    const pool = await addPool(context, scope, body, language);
    audit(`pool ${pool.id} ${pool.name} over ${pool.source.kind} ${pool.source.id}`);
    return pool;
  });
  route(app, context, calls.poolDelete, async ({ scope, body, audit }) => {
    const reply = await deletePools(context, scope, body.ids);
    audit(`pools deleted: ${body.ids.join(',')}`);
    return reply;
  });
  route(app, context, calls.poolSetShares, async ({ scope, body, language, audit }) => {
    const pool = await setShares(context, scope, body, language);
    audit(
      `pool ${pool.id} shares (${body.mode}): ${body.shares.map((s) => `${s.target} ${s.targetId}=${s.amount}`).join(', ')}`,
    );
    return pool;
  });
  route(app, context, calls.poolSupply, async ({ scope, body, language, audit }) => {
    const pool = await supplyPool(context, scope, body, language);
    audit(`pool ${pool.id}: number ${body.numberId} supplied ${pool.supplied} of ${body.count}`);
    return pool;
  });
  fileRoute(app, context, calls.poolDownload, async ({ scope, body, language, audit }) => {
    const file = await downloadPool(context, scope, body.id, language);
    audit(`pool ${body.id} downloaded`);
    return file;
  });
}
