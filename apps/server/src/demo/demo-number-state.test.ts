import { afterAll, beforeAll, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../sandbox/index.js';
import { useTestApp } from '../test/test-app.js';
import { DEMO_MESSAGING_TIER } from './demo-data.js';
import { seedDemoTenant } from './seed-demo.js';

const app = useTestApp({ DEMO_PASSWORD: 'demo-pass-1234' });
let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ appSecret: app.context.whatsapp.appSecret, webhookUrl: null });
});
afterAll(() => sandbox?.stop());

it('connects the demo numbers with their tier shown and their WABA subscribed to webhooks', async () => {
  await seedDemoTenant(app.context, sandbox.url);
  const tokens = await app.signIn('demo', 'demo-pass-1234');
  const reply = await app.post('/api/agent/list', { token: tokens.access_token, body: { page: 1, pageSize: 10 } });
  expect(reply.status).toBe(200);
  const records = reply.body.data.records as { messaging_tier: string | null; webhooks_subscribed: boolean }[];
  expect(records).toHaveLength(3);
  for (const record of records) {
    expect(record).toMatchObject({ messaging_tier: DEMO_MESSAGING_TIER, webhooks_subscribed: true });
  }

  const [number] = (await sandbox.control('GET', '/numbers')).body as { waba_id: string; access_token: string }[];
  const apps = await fetch(`${sandbox.url}/v23.0/${number?.waba_id}/subscribed_apps`, {
    headers: { authorization: `Bearer ${number?.access_token}` },
  });
  expect((await apps.json()).data).toHaveLength(1);
});
