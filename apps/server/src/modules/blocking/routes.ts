import { calls } from '@ws/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/http/context.js';
import { route } from '../../platform/http/route.js';
import { changeBlock, requireBlockConversation } from './change-block.js';

/** Blocking an abusive customer on a number (issue 17): Meta's Block Users API, recorded per conversation. */
export function registerBlockingRoutes(app: FastifyInstance, context: AppContext): void {
  route(app, context, calls.inboxBlockState, async ({ scope, query }) => {
    return (await requireBlockConversation(context, scope, query)).state;
  });
  route(app, context, calls.inboxBlock, async ({ scope, body, audit }) => {
    const state = await changeBlock(context, scope, body, true);
    audit(`contact ${state.contact_id} blocked on number ${state.number_id}`);
    return state;
  });
  route(app, context, calls.inboxUnblock, async ({ scope, body, audit }) => {
    const state = await changeBlock(context, scope, body, false);
    audit(`contact ${state.contact_id} unblocked on number ${state.number_id}`);
    return state;
  });
}
