/** The Cloud API sandbox wired to a test app: its signed webhooks reach the product's real intake. */
import pino from 'pino';
import { type RunningSandbox, type SandboxOptions, startSandbox } from '../sandbox/index.js';
import { cloudApiTransport } from '../whatsapp/governor/cloud-api-transport.js';
import { SendLane } from '../whatsapp/governor/send-lane.js';
import { drainWebhookEvents } from '../whatsapp/webhooks/drain.js';
import type { TestApp } from './test-app.js';

/** Makes the app listen on a free port and starts a sandbox that posts its webhooks there. */
export async function startSandboxFor(
  t: TestApp,
  options: Pick<SandboxOptions, 'behaviour' | 'delays'> = {},
): Promise<RunningSandbox> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return startSandbox({
    appSecret: t.context.whatsapp.appSecret,
    webhookUrl: `http://127.0.0.1:${port}/webhooks/whatsapp`,
    ...options,
  });
}

/** Lets the sandbox post what it has (its delays skipped unless `fastForward` is false), then processes it. */
export async function settleSandbox(t: TestApp, sandbox: RunningSandbox, { fastForward = true } = {}): Promise<void> {
  if (!(await sandbox.settle({ fastForward, timeoutMs: 10_000 }))) throw new Error('sandbox did not settle');
  await drainWebhookEvents(t.context);
}

/** Sends what a number has queued, once, through the Cloud API client, as the send governor does. */
export function runSendLane(t: TestApp, tenantId: string, numberId: string): Promise<{ paused: boolean }> {
  return new SendLane(tenantId, numberId, {
    pool: t.pool,
    cipher: t.context.whatsapp.tokenCipher,
    transport: cloudApiTransport(),
    logger: pino({ level: 'silent' }),
    lingerMs: 0,
  }).run();
}
