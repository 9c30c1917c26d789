/** The world of the template tests: the app listening, a sandbox posting its webhooks to it, numbers of tenants A and B. */
import { afterAll, beforeAll } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../sandbox/index.js';
import { type Tenants, useTenants } from '../../test/tenants.js';
import { type Reply, type TestApp, useTestApp } from '../../test/test-app.js';
import { type SandboxNumber, seedSandboxNumber } from '../../test/whatsapp-fixtures.js';
import { drainWebhookEvents } from '../../whatsapp/webhooks/drain.js';
import { WEBHOOK_ENV } from '../../whatsapp/webhooks/test-support.js';

export interface TemplateNumber {
  id: string;
  made: SandboxNumber;
}

export interface TemplateWorld {
  t: TestApp;
  tenants: Tenants;
  sandbox: RunningSandbox;
  /** A number of tenant A in the sandbox (its own WABA), and one of tenant B. */
  numberA: TemplateNumber;
  numberB: TemplateNumber;
  /** Another number of tenant A, in a WABA of its own. */
  newNumber(tenantId?: string): Promise<TemplateNumber>;
  /** A call as tenant A's operator (or the given token), answered in English unless told otherwise. */
  post(path: string, body: unknown, options?: { token?: string; language?: 'zh' | 'en' }): Promise<Reply>;
  /** Lets the sandbox finish what it scheduled (reviews at once) and the app process the webhooks. */
  settle(): Promise<void>;
}

export function useTemplateWorld(): TemplateWorld {
  const t = useTestApp(WEBHOOK_ENV);
  const tenants = useTenants(t);
  const world = { t, tenants } as TemplateWorld;
  world.newNumber = async (tenantId = tenants.a.tenantId) => {
    const { numberId, made } = await seedSandboxNumber(t.pool, t.context.whatsapp, world.sandbox, tenantId);
    return { id: numberId, made };
  };
  beforeAll(async () => {
    // The product listens, so the sandbox's signed webhooks reach the real intake.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    world.sandbox = await startSandbox({
      appSecret: t.context.whatsapp.appSecret,
      webhookUrl: `http://127.0.0.1:${port}/webhooks/whatsapp`,
      delays: { webhookFlushMs: 5, webhookRetryBaseMs: 20, webhookRetryMaxMs: 200, templateApprovalMs: 60_000 },
    });
    world.numberA = await world.newNumber(tenants.a.tenantId);
    world.numberB = await world.newNumber(tenants.b.tenantId);
  });
  afterAll(() => world.sandbox?.stop());
  world.post = (path, body, options = {}) =>
    t.post(path, {
      body,
      token: options.token ?? tenants.a.token,
      headers: { 'accept-language': options.language ?? 'en' },
    });
  world.settle = async () => {
    if (!(await world.sandbox.settle({ fastForward: true, timeoutMs: 10_000 })))
      throw new Error('sandbox did not settle');
    await drainWebhookEvents(t.context);
  };
  return world;
}

/** A valid body of `template/add` for the number: a text header, a body with two variables, a footer, buttons. */
export function newTemplate(numberId: string, name: string, change: Record<string, unknown> = {}) {
  return {
    numberId,
    name,
    language: 'en_US',
    category: 'MARKETING',
    components: [
      { type: 'HEADER', format: 'TEXT', text: 'Hello {{1}}', example: { header_text: ['Ann'] } },
      { type: 'BODY', text: 'Your offer {{1}} ends on {{2}}.', example: { body_text: [['20% off', 'Friday']] } },
      { type: 'FOOTER', text: 'Reply STOP to opt out' },
      {
        type: 'BUTTONS',
        buttons: [
          { type: 'QUICK_REPLY', text: 'Stop promotions' },
          { type: 'URL', text: 'Shop', url: 'https://shop.example/o/{{1}}', example: ['https://shop.example/o/42'] },
          { type: 'PHONE_NUMBER', text: 'Call us', phone_number: '+14155550100' },
        ],
      },
    ],
    ...change,
  };
}
