/**
 * The platform admin's tenant filter on the Billing screens (decision 0032): every wallet list,
 * the usage summary and the exports read one customer when the admin names it, every customer
 * otherwise; a tenant reads only its own, and naming another is a 404 naming the field.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { expectBadInput } from '../../test/bad-input.js';
import { useTenants } from '../../test/tenants.js';
import { ADMIN_PASSWORD, useTestApp } from '../../test/test-app.js';
import { postTransaction } from './post-transaction.js';

const t = useTestApp();
const { a, b } = useTenants(t, 'walletfilter');
let admin: string;

beforeAll(async () => {
  admin = (await t.signIn('admin', ADMIN_PASSWORD)).access_token;
  for (const [tenantId, amount] of [
    [a.tenantId, 1_000_000n],
    [b.tenantId, 2_000_000n],
  ] as const) {
    const credit = await t.post('/api/auth/charge', {
      token: admin,
      body: { tenantId, amount: String(Number(amount) / 1_000_000), requestId: `filter-${tenantId}` },
    });
    expect(credit.status, JSON.stringify(credit.body)).toBe(200);
    await postTransaction(t.pool, tenantId, {
      kind: 'message_cost',
      idempotencyKey: `filter-cost-${tenantId}`,
      unit: 'usd_micros',
      quantity: 1,
      category: 'marketing',
      country: tenantId === a.tenantId ? 'US' : 'DE',
      entries: [
        { tenant: 'wallet', amount: -amount / 100n },
        { platform: 'meta_cost', amount: amount / 100n },
      ],
    });
    const bought = await t.post('/api/vip/addpay', {
      token: admin,
      body: { tenantId, kind: 'number', slots: 1, amount: '0', requestId: `filter-port-${tenantId}` },
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
  }
});

const LISTS = ['/api/consume/flowcharge', '/api/consume/flowuse', '/api/vip/chargelist', '/api/vip/allpay'] as const;
const tenantsOf = async (path: string, filters: object, token = admin) => {
  const reply = await t.post(path, { token, body: { pageSize: 100, filters } });
  expect(reply.status, `${path} ${JSON.stringify(reply.body)}`).toBe(200);
  return new Set(reply.body.data.records.map((row: { tenant_id: string }) => row.tenant_id));
};

describe('the platform admin’s tenant filter', () => {
  it('reads one customer when named, every customer otherwise, on every list', async () => {
    for (const path of LISTS) {
      const all = await tenantsOf(path, {});
      expect(all.has(a.tenantId) && all.has(b.tenantId), path).toBe(true);
      expect(await tenantsOf(path, { tenantId: a.tenantId }), path).toEqual(new Set([a.tenantId]));
      expect(await tenantsOf(path, { tenantId: b.tenantId }), path).toEqual(new Set([b.tenantId]));
    }
  });

  it('filters the usage summary and the exports', async () => {
    const summary = await t.post('/api/consume/summary', {
      token: admin,
      body: { unit: 'usd_micros', filters: { tenantId: b.tenantId } },
    });
    expect(summary.body.data.by_country.filter((row: { key: string }) => row.key !== '')).toEqual([
      { key: 'DE', quantity: 1, amount: -20_000 },
    ]);
    const csv = await t.app.inject({
      method: 'POST',
      url: '/api/consume/down',
      headers: { token: admin, 'accept-language': 'en' },
      payload: { view: 'flowcharge', format: 'csv', filters: { tenantId: a.tenantId } },
    });
    expect(csv.statusCode).toBe(200);
    const rows = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .slice(1);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.includes(`,${a.tenantId},`))).toBe(true);
  });

  it('answers 404 naming the field for an unknown customer, and 400 for a malformed id', async () => {
    for (const path of [...LISTS, '/api/consume/summary']) {
      const body = path.endsWith('summary')
        ? { unit: 'usd_micros', filters: { tenantId: '999999' } }
        : { filters: { tenantId: '999999' } };
      const reply = await t.post(path, { token: admin, headers: { 'accept-language': 'en' }, body });
      expect(reply.status, path).toBe(404);
      expect(reply.body.message, path).toMatch(/^filters\.tenantId: Customer/);
    }
    await expectBadInput(
      (body) => t.post('/api/consume/flowuse', { token: admin, body }),
      [[{ filters: { tenantId: 'abc' } }, 'filters.tenantId']],
    );
  });
});

describe('a tenant’s filter', () => {
  it('reads its own only; naming another tenant is a 404 naming the field', async () => {
    for (const path of ['/api/consume/flowcharge', '/api/consume/flowuse', '/api/vip/chargelist', '/api/vip/allpay']) {
      expect(await tenantsOf(path, {}, a.token), path).toEqual(new Set([a.tenantId]));
      expect(await tenantsOf(path, { tenantId: a.tenantId }, a.token), path).toEqual(new Set([a.tenantId]));
      const other = await t.post(path, {
        token: a.token,
        headers: { 'accept-language': 'en' },
        body: { filters: { tenantId: b.tenantId } },
      });
      expect(other.status, path).toBe(404);
      expect(other.body.message).toMatch(/^filters\.tenantId: /);
    }
    const download = await t.app.inject({
      method: 'POST',
      url: '/api/consume/down',
      headers: { token: a.token },
      payload: { view: 'chargelist', filters: { tenantId: b.tenantId } },
    });
    expect(download.statusCode).toBe(404);
  });
});

describe('the wallet cards (vip/info) of a chosen customer', () => {
  const walletOf = (query: Record<string, string>, token = admin) =>
    t.get('/api/vip/info', { token, query, headers: { 'accept-language': 'en' } });

  it('answers the customer the platform admin names, its own wallet otherwise', async () => {
    const ofB = await walletOf({ tenantId: b.tenantId });
    expect(ofB.status, JSON.stringify(ofB.body)).toBe(200);
    // B was credited 2 USD and charged 1 % of it; one number slot bought.
    expect(ofB.body.data).toMatchObject({
      tenant_id: b.tenantId,
      balance: 1_980_000,
      available: 1_980_000,
      held: 0,
      number_slots: 1,
    });
    expect((await walletOf({ tenantId: a.tenantId })).body.data).toMatchObject({
      tenant_id: a.tenantId,
      balance: 990_000,
    });
    const own = await walletOf({});
    expect(own.body.data.tenant_id).not.toBe(a.tenantId);
    expect(own.body.data.tenant_id).not.toBe(b.tenantId);
  });

  it('lets a tenant name only itself: another is a 404 naming the field, like an unknown customer', async () => {
    expect((await walletOf({}, a.token)).body.data).toMatchObject({ tenant_id: a.tenantId, balance: 990_000 });
    expect((await walletOf({ tenantId: a.tenantId }, a.token)).body.data.tenant_id).toBe(a.tenantId);
    for (const [query, token] of [
      [{ tenantId: b.tenantId }, a.token],
      [{ tenantId: '999999' }, admin],
    ] as const) {
      const reply = await walletOf(query, token);
      expect(reply.status).toBe(404);
      expect(reply.body.message).toMatch(/^tenantId: Customer/);
      expect(JSON.stringify(reply.body)).not.toContain('1980000');
    }
    await expectBadInput(
      (query) => t.get('/api/vip/info', { token: admin, query }),
      [[{ tenantId: 'abc' }, 'tenantId']],
    );
  });
});
