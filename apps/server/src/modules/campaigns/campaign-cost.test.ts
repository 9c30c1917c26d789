import { beforeAll, describe, expect, it } from 'vitest';
import { addNumber, addTag, useTenants } from '../../test/tenants.js';
import { useTestApp } from '../../test/test-app.js';
import { seedTemplate } from '../../test/whatsapp-fixtures.js';
import { approvedTemplate, newCampaign, taggedContacts } from './test-support.js';

const t = useTestApp();
const tenants = useTenants(t, 'cmpcost');
let numberA: string;
let tag: string;
let marketing: string;

// Test figures, not Meta's: the price book ships empty until Meta's rate card is loaded.
const SOURCE = 'campaign-cost.test.ts fixture';

beforeAll(async () => {
  numberA = await addNumber(t, tenants.a.tenantId);
  tag = await addTag(t, tenants.a.tenantId, 'abroad', 'contact');
  marketing = await approvedTemplate(t, tenants.a.tenantId, numberA);
  await taggedContacts(t, tenants.a.tenantId, tag, 3, { waPrefix: '9198' });
  await taggedContacts(t, tenants.a.tenantId, tag, 2, { waPrefix: '43664' });
  await taggedContacts(t, tenants.a.tenantId, tag, 1, { waPrefix: '80012' });
  await taggedContacts(t, tenants.a.tenantId, tag, 1, { waPrefix: '3361' });
  await taggedContacts(t, tenants.a.tenantId, tag, 1, { waPrefix: '9199', consent: false });
  await t.pool.query(
    // AT joins a region; FR left it again in 2026 and is a market of its own (with no rate here).
    `insert into price_market (country, market, effective_from, source) values
       ('AT', 'Test West', '2025-01-01', $1), ('FR', 'Test West', '2025-01-01', $1), ('FR', 'FR', '2026-01-01', $1)`,
    [SOURCE],
  );
  await t.pool.query(
    `insert into price_rate (market, category, effective_from, unit_micros, source) values
       ('IN', 'marketing', '2025-07-01', 10000, $1),
       ('IN', 'marketing', '2026-01-01', 12345, $1),
       ('IN', 'marketing', '2999-01-01', 99999, $1),
       ('IN', 'utility', '2026-01-01', 1500, $1),
       ('Test West', 'marketing', '2025-07-01', 61700, $1),
       ('AT', 'marketing', '2025-07-01', 1, $1)`,
    [SOURCE],
  );
});

const preview = (change: Record<string, unknown>) =>
  t.post('/api/btmsg/add', {
    body: newCampaign(numberA, tag, marketing, { preview: true, ...change }),
    token: tenants.a.token,
  });

describe('the forecast of add with preview: the estimated cost', () => {
  it("prices each country at its market's rate in force, and counts the unknown apart", async () => {
    const reply = await preview({});
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const forecast = reply.body.data.forecast;
    expect(forecast.eligible).toBe(7);
    expect(forecast.cost).toEqual({
      currency: 'USD',
      category: 'marketing',
      lines: [
        {
          country: 'IN',
          market: 'IN',
          category: 'marketing',
          recipients: 3,
          unit_micros: 12345,
          subtotal_micros: 37035,
        },
        {
          country: 'AT',
          market: 'Test West',
          category: 'marketing',
          recipients: 2,
          unit_micros: 61700,
          subtotal_micros: 123400,
        },
      ],
      total_micros: 160435,
      effective_from: '2026-01-01',
      unpriced: [
        { country: 'FR', market: 'FR', recipients: 1 },
        { country: 'ZZ', market: null, recipients: 1 },
      ],
      unpriced_recipients: 2,
    });
  });

  it('prices a utility template at the utility rate (here for a scheduled start)', async () => {
    const utility = await seedTemplate(t.pool, tenants.a.tenantId, numberA, {
      name: 'order_update',
      category: 'UTILITY',
    });
    const reply = await preview({
      content: {
        kind: 'template',
        templateId: utility,
        variables: { 'body.1': { source: 'constant', value: 'x' } },
      },
      schedule: { startAt: new Date(Date.now() + 3_600_000).toISOString() },
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const cost = reply.body.data.forecast.cost;
    expect(cost.category).toBe('utility');
    expect(cost.lines).toEqual([
      // Utility needs no marketing consent: the fourth Indian contact is eligible too.
      { country: 'IN', market: 'IN', category: 'utility', recipients: 4, unit_micros: 1500, subtotal_micros: 6000 },
    ]);
    expect(cost.unpriced_recipients).toBe(4);
  });

  it('prices free-form text as service messages (only contacts with an open window get it)', async () => {
    const reply = await preview({ content: { kind: 'text', text: 'Hello' } });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.data.forecast.eligible).toBe(0);
    expect(reply.body.data.forecast.cost).toMatchObject({ category: 'service', lines: [], total_micros: 0 });
  });
});
