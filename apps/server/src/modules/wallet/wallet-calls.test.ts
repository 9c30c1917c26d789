import { calls } from '@ws/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectBadInput } from '../../test/bad-input.js';
import { refusesStrangers } from '../../test/refuses-strangers.js';
import { useTenants } from '../../test/tenants.js';
import { ADMIN_PASSWORD, useTestApp } from '../../test/test-app.js';
import { postTransaction } from './post-transaction.js';

const t = useTestApp();
const tenants = useTenants(t, 'wallet');
const { a, b, seat } = tenants;
let admin: string;
beforeAll(async () => {
  admin = (await t.signIn('admin', ADMIN_PASSWORD)).access_token;
});

const nextRequestId = () => `req-${crypto.randomUUID()}`;
const post = (path: string, body: unknown, token = admin) => t.post(path, { token, body });
const info = async (token: string) => (await t.get('/api/vip/info', { token })).body.data;

describe('crediting a tenant (the platform admin)', () => {
  it('credits money once per request id, and the tenant sees it in its top-ups and balance', async () => {
    const requestId = nextRequestId();
    const first = await post('/api/auth/charge', {
      tenantId: a.tenantId,
      amount: '12.345',
      requestId,
      remark: 'invoice 7',
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ posted: true, balance: 12_345_000 });
    const retried = await post('/api/auth/charge', { tenantId: a.tenantId, amount: '12.345', requestId });
    expect(retried.body.data).toEqual({ ...first.body.data, posted: false });
    expect(await info(a.token)).toMatchObject({ balance: 12_345_000, available: 12_345_000, held: 0 });
    expect(await info(b.token)).toMatchObject({ balance: 0 });
    // Plan and expiry come from the platform administration's columns when they exist.
    const columns = await t.pool.query(
      `select 1 from information_schema.columns where table_name = 'tenant' and column_name = 'plan'`,
    );
    expect((await info(a.token)).plan).toBe(columns.rowCount ? 'standard' : null);
    const topUps = await post('/api/consume/flowcharge', {}, a.token);
    expect(topUps.body.data).toMatchObject({ total: 1, total_capped: false });
    expect(topUps.body.data.records[0]).toMatchObject({ kind: 'top_up', amount: 12_345_000, memo: 'invoice 7' });
    // Tenant B sees none of A's ledger; the admin sees A's by filter.
    expect((await post('/api/consume/flowcharge', {}, b.token)).body.data.total).toBe(0);
    const forA = await post('/api/consume/flowcharge', { filters: { tenantId: a.tenantId } });
    expect(forA.body.data.records.map((r: { tenant_id: string }) => r.tenant_id)).toEqual([a.tenantId]);
    const { rows } = await t.pool.query(`select target from operation_log where action = 'auth.charge' order by id`);
    expect(rows.map((row) => row.target)).toEqual([
      `tenant ${a.tenantId}: +12.345000 USD (${first.body.data.transaction_id})`,
      `tenant ${a.tenantId}: +12.345000 USD (${first.body.data.transaction_id}, a retry: nothing posted)`,
    ]);
  });

  it('credits translation characters and group invites', async () => {
    const trans = await post('/api/consume/addtrans', {
      tenantId: b.tenantId,
      amount: 5000,
      requestId: nextRequestId(),
    });
    expect(trans.body.data).toMatchObject({ posted: true, balance: 5000 });
    await post('/api/consume/addpull', { tenantId: b.tenantId, amount: 30, requestId: nextRequestId() });
    expect(await info(b.token)).toMatchObject({ translation_chars: 5000, invites: 30 });
    const listed = await post('/api/consume/transcharge', { filters: { from: '2000-01-01' } }, b.token);
    expect(listed.body.data.records[0]).toMatchObject({ unit: 'chars', amount: 5000 });
    // A day range before the posting finds nothing.
    expect((await post('/api/consume/transcharge', { filters: { to: '2000-01-01' } }, b.token)).body.data.total).toBe(
      0,
    );
  });

  it('refuses operators, seats, unknown tenants and bad amounts, naming the field', async () => {
    const valid = { tenantId: a.tenantId, amount: '1', requestId: nextRequestId() };
    expect((await post('/api/auth/charge', valid, a.token)).status).toBe(403);
    await refusesStrangers(t, tenants, calls.charge, {
      valid: () => valid,
      bad: [],
    });
    const unknown = await post('/api/consume/addflow', { ...valid, tenantId: '999999' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/^tenantId: /);
    await expectBadInput(
      (body) => post('/api/auth/charge', body),
      [
        [{ ...valid, amount: '-1' }, 'amount'],
        [{ ...valid, amount: '0' }, 'amount'],
        [{ ...valid, amount: '1.1234567' }, 'amount'],
        [{ ...valid, amount: 1.5 }, 'amount'],
        [{ ...valid, requestId: 'x' }, 'requestId'],
        [{ ...valid, tenantId: 'abc' }, 'tenantId'],
      ],
    );
    await expectBadInput((body) => post('/api/consume/addtrans', body), [[{ ...valid, amount: 1.5 }, 'amount']]);
  });
});

describe('the wallet lists and settings', () => {
  it('refuses seats and bad filters', async () => {
    for (const call of [
      calls.flowCharge,
      calls.flowUse,
      calls.transCharge,
      calls.transUse,
      calls.chargeList,
      calls.allPay,
    ]) {
      await refusesStrangers(t, tenants, call, {
        valid: () => ({}),
        bad: [
          [{ filters: { from: '2026/01/01' } }, 'filters.from'],
          [{ pageSize: 7 }, 'pageSize'],
        ],
      });
    }
    expect((await t.get('/api/vip/info', { token: seat.token })).status).toBe(403);
  });

  it('lets the tenant set its low-balance threshold, and only the platform admin set prepaid', async () => {
    const set = await post('/api/vip/settings', { lowBalance: '20' }, a.token);
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data).toMatchObject({ low_balance_threshold: 20_000_000, low_balance: true, prepaid: false });
    expect((await post('/api/vip/settings', { prepaid: true }, a.token)).status).toBe(403);
    const prepaid = await post('/api/vip/settings', { tenantId: a.tenantId, prepaid: true });
    expect(prepaid.body.data).toMatchObject({ tenant_id: a.tenantId, prepaid: true });
    await expectBadInput((body) => post('/api/vip/settings', body, a.token), [[{ lowBalance: 'lots' }, 'lowBalance']]);
  });
});

describe('port purchases', () => {
  it('charges the wallet, lists the purchase, refunds it when cancelled', async () => {
    await post('/api/auth/charge', { tenantId: b.tenantId, amount: '100', requestId: nextRequestId() });
    const requestId = nextRequestId();
    const bought = await post('/api/vip/addpay', {
      tenantId: b.tenantId,
      kind: 'number',
      slots: 5,
      amount: '40',
      requestId,
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    expect(
      (await post('/api/vip/addpay', { tenantId: b.tenantId, kind: 'number', slots: 5, amount: '40', requestId }))
        .status,
    ).toBe(409);
    expect(await info(b.token)).toMatchObject({ balance: 60_000_000, number_slots: 5 });
    expect((await post('/api/vip/allpay', {}, b.token)).body.data.records).toHaveLength(1);
    expect((await post('/api/vip/allpay', {}, a.token)).body.data.records).toHaveLength(0);
    const charges = await post('/api/vip/chargelist', {}, b.token);
    expect(charges.body.data.records[0]).toMatchObject({ kind: 'port_purchase', amount: -40_000_000, quantity: 5 });
    // Another tenant's purchase is not found.
    const wrong = await post('/api/vip/delpay', { id: bought.body.data.id, tenantId: a.tenantId });
    expect(wrong.status).toBe(404);
    expect(wrong.body.message).toMatch(/^id: /);
    expect((await post('/api/vip/delpay', { id: bought.body.data.id, tenantId: b.tenantId })).status).toBe(200);
    expect(await info(b.token)).toMatchObject({ balance: 100_000_000, number_slots: 0 });
  });

  it('refuses a purchase a prepaid wallet cannot pay, naming the amount', async () => {
    await post('/api/vip/settings', { tenantId: a.tenantId, prepaid: true });
    const before = await info(a.token);
    const reply = await post('/api/vip/addpay', {
      tenantId: a.tenantId,
      kind: 'seat',
      slots: 1,
      amount: '1000',
      requestId: nextRequestId(),
    });
    expect(reply.status).toBe(409);
    expect(reply.body.message).toMatch(/^amount: /);
    expect(await info(a.token)).toEqual(before);
  });
});

describe('the price book', () => {
  it('lets the platform admin add date-effective rates and markets, everyone read them', async () => {
    const rate = await post('/api/price/add', {
      market: 'Germany',
      category: 'marketing',
      effectiveFrom: '2026-07-01',
      unitPrice: '0.1365',
      source: 'test rate card',
    });
    expect(rate.status, JSON.stringify(rate.body)).toBe(200);
    expect(rate.body.data).toMatchObject({ unit_micros: 136_500 });
    const again = await post('/api/price/add', {
      ...rate.body.data,
      effectiveFrom: '2026-07-01',
      unitPrice: '1',
      source: 's',
      category: 'marketing',
      market: 'Germany',
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/^effectiveFrom: /);
    expect(
      (await post('/api/price/market', { country: 'DE', market: 'Germany', effectiveFrom: '2026-07-01', source: 's' }))
        .status,
    ).toBe(200);
    expect(
      (
        await post(
          '/api/price/add',
          { market: 'X', category: 'service', effectiveFrom: '2026-07-01', unitPrice: '0', source: 's' },
          a.token,
        )
      ).status,
    ).toBe(403);
    const book = await post('/api/price/list', {}, a.token);
    expect(book.body.data.rates).toContainEqual(rate.body.data);
    await expectBadInput(
      (body) => post('/api/price/add', body),
      [
        [{ market: 'X', category: 'service', effectiveFrom: '1 July', unitPrice: '0', source: 's' }, 'effectiveFrom'],
        [{ market: 'X', category: 'promo', effectiveFrom: '2026-07-01', unitPrice: '0', source: 's' }, 'category'],
      ],
    );
  });
});

describe('usage summary and downloads', () => {
  it('sums usage per day, category and country, and downloads the lists as CSV and XLSX', async () => {
    for (const [i, country] of ['US', 'US', 'DE'].entries()) {
      await postTransaction(t.pool, b.tenantId, {
        kind: 'message_cost',
        idempotencyKey: `summary-${i}`,
        unit: 'usd_micros',
        quantity: 1,
        category: 'marketing',
        country,
        entries: [
          { tenant: 'wallet', amount: -25_000n },
          { platform: 'meta_cost', amount: 25_000n },
        ],
      });
    }
    const summary = await post('/api/consume/summary', { unit: 'usd_micros' }, b.token);
    expect(summary.status, JSON.stringify(summary.body)).toBe(200);
    // The port purchase of an earlier test has no country.
    expect(summary.body.data.by_country.filter((row: { key: string }) => row.key !== '')).toEqual([
      { key: 'US', quantity: 2, amount: -50_000 },
      { key: 'DE', quantity: 1, amount: -25_000 },
    ]);
    expect(summary.body.data.by_category).toContainEqual({ key: 'marketing', quantity: 3, amount: -75_000 });
    expect(summary.body.data.days).toHaveLength(1);
    expect((await post('/api/consume/summary', { unit: 'usd_micros' }, a.token)).body.data.by_country).toEqual([]);
    await expectBadInput((body) => post('/api/consume/summary', body, b.token), [[{ unit: 'gold' }, 'unit']]);

    const csv = await t.app.inject({
      method: 'POST',
      url: '/api/consume/down',
      headers: { token: b.token, 'accept-language': 'en' },
      payload: { view: 'chargelist', format: 'csv' },
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Time (UTC),Tenant,Kind,Credit,Debit,Unit,Quantity,Category,Country,Memo');
    expect(lines.filter((line) => line.includes('message_cost,,0.025000,usd_micros,1,marketing'))).toHaveLength(3);
    const xlsx = await t.app.inject({
      method: 'POST',
      url: '/api/consume/down',
      headers: { token: b.token },
      payload: { view: 'flowuse', format: 'xlsx' },
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
