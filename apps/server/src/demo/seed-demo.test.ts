import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../sandbox/index.js';
import { useTestApp } from '../test/test-app.js';
import { DEMO_CONTACT_COUNT } from './demo-data.js';
import { seedDemoTenant } from './seed-demo.js';

const app = useTestApp({ DEMO_PASSWORD: 'demo-pass-1234' });
let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ appSecret: app.context.whatsapp.appSecret, webhookUrl: null });
});
afterAll(() => sandbox?.stop());

describe('the demo tenant', () => {
  it('is created once, with sandbox numbers, approved templates, contacts with consent and history', async () => {
    const seeded = await seedDemoTenant(app.context, sandbox.url);
    expect(seeded?.generatedPassword).toBeUndefined();
    const tenantId = seeded?.tenantId as string;

    const tokens = await app.signIn('demo', 'demo-pass-1234');
    expect(tokens.access_token).toBeTruthy();

    const { rows: numbers } = await app.pool.query(
      'select phone_number_id, api_base_url, access_token_encrypted from wa_number where tenant_id = $1',
      [tenantId],
    );
    expect(numbers).toHaveLength(3);
    const listed = (await sandbox.control('GET', '/numbers')).body as {
      phone_number_id: string;
      access_token: string;
    }[];
    for (const number of numbers) {
      expect(number.api_base_url).toBe(sandbox.url);
      const twin = listed.find((entry) => entry.phone_number_id === number.phone_number_id);
      expect(app.context.whatsapp.tokenCipher.decrypt(number.access_token_encrypted)).toBe(twin?.access_token);
      expect(number.access_token_encrypted).not.toContain(twin?.access_token);
    }
    const { rows: templates } = await app.pool.query(
      "select count(*)::int as n from wa_template where tenant_id = $1 and status = 'APPROVED'",
      [tenantId],
    );
    expect(templates[0].n).toBe(3);
    const { rows: contacts } = await app.pool.query(
      `select count(*)::int as total, count(*) filter (where opted_in_at is not null and opt_in_evidence is not null)::int as consented,
              count(*) filter (where opted_out_at is not null)::int as opted_out
         from contact where tenant_id = $1`,
      [tenantId],
    );
    expect(contacts[0].total).toBe(DEMO_CONTACT_COUNT);
    expect(contacts[0].consented).toBeGreaterThan(DEMO_CONTACT_COUNT * 0.8);
    expect(contacts[0].opted_out).toBeGreaterThan(0);
    const { rows: history } = await app.pool.query(
      "select count(*)::int as n, count(distinct contact_id)::int as people from message where tenant_id = $1 and direction = 'in'",
      [tenantId],
    );
    expect(history[0].people).toBe(DEMO_CONTACT_COUNT / 5);

    expect(await seedDemoTenant(app.context, sandbox.url)).toBeUndefined();
  });
});
