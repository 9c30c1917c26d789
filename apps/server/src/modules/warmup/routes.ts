import { calls } from '@ws/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/http/context.js';
import { route } from '../../platform/http/route.js';
import { addPlan } from './add-plan.js';
import { deletePlans } from './delete-plans.js';
import { editPlan } from './edit-plan.js';
import { listPlans, listPortfolios, planDetails } from './plan-queries.js';

/** Warm-up plans (`/api/keep/*`, issue 16, decision 0014). */
export function registerWarmupRoutes(app: FastifyInstance, context: AppContext): void {
  route(app, context, calls.warmupList, ({ scope, body, language }) => listPlans(context.pool, scope, body, language));
  route(app, context, calls.warmupPortfolios, ({ scope }) => listPortfolios(context.pool, scope));
  route(app, context, calls.warmupDetails, ({ scope, body, language }) =>
    planDetails(context.pool, scope, body.id, language),
  );
  route(app, context, calls.warmupAdd, async ({ scope, body, language, audit }) => {
    const plan = await addPlan(context, scope, body, language);
    audit(`warm-up plan ${plan.id} ${plan.name}: portfolio ${plan.portfolio.id} to ${plan.target_tier} (${plan.pace})`);
    return plan;
  });
  route(app, context, calls.warmupEdit, async ({ scope, body, language, audit }) => {
    const plan = await editPlan(context, scope, body, language);
    audit(`warm-up plan ${plan.id} ${plan.name}: ${plan.status}, ${plan.target_tier} (${plan.pace})`);
    return plan;
  });
  route(app, context, calls.warmupDel, async ({ scope, body, audit }) => {
    const reply = await deletePlans(context.pool, scope, body.ids);
    audit(`warm-up plans deleted: ${body.ids.join(',')}`);
    return reply;
  });
}
