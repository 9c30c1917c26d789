import { calls } from '@ws/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/http/context.js';
import { route } from '../../platform/http/route.js';
import { listGreetings, removeGreetings, saveGreeting } from './greetings.js';
import { addRule, editRule, listRules, removeRules } from './keyword-rules.js';
import { testKeywords } from './keyword-test.js';

export function registerAutoReplyRoutes(app: FastifyInstance, context: AppContext): void {
  route(app, context, calls.keywordList, ({ scope, body }) => listRules(context, scope, body));
  route(app, context, calls.keywordAdd, async ({ scope, body, audit }) => {
    const rule = await addRule(context, scope, body);
    audit(`keyword rule ${rule.name} (${rule.id})`);
    return rule;
  });
  route(app, context, calls.keywordEdit, async ({ scope, body, audit }) => {
    const rule = await editRule(context, scope, body);
    audit(`keyword rule ${rule.name} (${rule.id})`);
    return rule;
  });
  route(app, context, calls.keywordDel, async ({ scope, body, audit }) => {
    const reply = await removeRules(context, scope, body.ids);
    audit(`keyword rules ${body.ids.join(', ')}`);
    return reply;
  });
  route(app, context, calls.keywordTest, ({ scope, body }) => testKeywords(context, scope, body));
  route(app, context, calls.greetingList, ({ scope }) => listGreetings(context, scope));
  route(app, context, calls.greetingSave, async ({ scope, body, audit }) => {
    const greeting = await saveGreeting(context, scope, body);
    audit(`greeting ${greeting.number_phone ?? 'of every number'} (${greeting.id})`);
    return greeting;
  });
  route(app, context, calls.greetingDel, async ({ scope, body, audit }) => {
    const reply = await removeGreetings(context, scope, body.ids);
    audit(`greetings ${body.ids.join(', ')}`);
    return reply;
  });
}
