import { calls } from '@ws/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/http/context.js';
import { route } from '../../platform/http/route.js';
import { createSandboxRegistrationNumber } from './create-registration-number.js';
import { createSandboxNumbers } from './create-sandbox-numbers.js';
import { waTarget } from './sandbox-access.js';
import { sandboxCode } from './sandbox-code.js';

/** Sandbox numbers from the screens: the target, numbers to import or register, the texted code. */
export function registerSandboxNumberRoutes(app: FastifyInstance, context: AppContext): void {
  route(app, context, calls.waTarget, async () => waTarget(context));
  route(app, context, calls.createSandboxNumbers, async ({ scope, body, audit }) => {
    const started = await createSandboxNumbers(context, scope, body);
    audit(`import ${started.import_id ?? '(none)'}: ${body.count} sandbox numbers, ${body.throughput}, ${body.tier}`);
    return started;
  });
  route(app, context, calls.createSandboxRegistrationNumber, async ({ scope, body, audit }) => {
    const number = await createSandboxRegistrationNumber(context, scope, body);
    audit(`number ${number.phone} (${number.phone_number_id})`);
    return number;
  });
  route(app, context, calls.sandboxCode, ({ scope, body }) => sandboxCode(context, scope, body.numberId));
}
