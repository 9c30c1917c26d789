/**
 * Group-invite usage by day (`consume/pulluse`, decision 0032): the invitations a pull-group chunk
 * queued, metered against the `addpull` quota, listed per day from the roll-up like the money and
 * character usage; paged, filtered by day, a tenant's own only, the platform admin's of every
 * customer or the one named; in the charts' summary and the CSV export.
 */
import { calls } from '@ws/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { refusesStrangers } from '../../test/refuses-strangers.js';
import { useTenants } from '../../test/tenants.js';
import { ADMIN_PASSWORD, useTestApp } from '../../test/test-app.js';
import { meterInvites } from './meter-invites.js';

const t = useTestApp();
const tenants = useTenants(t, 'pulluse');
const { a, b } = tenants;
let admin: string;
const today = new Date().toISOString().slice(0, 10);
const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  admin = (await t.signIn('admin', ADMIN_PASSWORD)).access_token;
  const credit = await t.post('/api/consume/addpull', {
    token: admin,
    body: { tenantId: a.tenantId, amount: 100, requestId: `pulluse-${a.tenantId}` },
  });
  expect(credit.status, JSON.stringify(credit.body)).toBe(200);
  // Two chunks of A's task (3 and 2 invitations), one of B's (4).
  await meterInvites(t.pool, a.tenantId, '11', ['101', '102', '103']);
  await meterInvites(t.pool, a.tenantId, '11', ['104', '105']);
  await meterInvites(t.pool, b.tenantId, '12', ['201', '202', '203', '204']);
});

const usage = (body: object, token = admin) =>
  t.post('/api/consume/pulluse', { token, headers: { 'accept-language': 'en' }, body });

describe('POST /api/consume/pulluse', () => {
  it('refuses strangers and bad filters, naming the field', async () => {
    await refusesStrangers(t, tenants, calls.pullUse, {
      valid: () => ({}),
      bad: [
        [{ filters: { from: '2026/01/01' } }, 'filters.from'],
        [{ filters: { tenantId: 'abc' } }, 'filters.tenantId'],
        [{ pageSize: 7 }, 'pageSize'],
      ],
    });
  });

  it('lists a tenant’s own invites used per day, filtered by day', async () => {
    const own = await usage({}, a.token);
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body.data).toMatchObject({ total: 1, current: 1 });
    expect(own.body.data.records).toEqual([
      {
        tenant_id: a.tenantId,
        day: today,
        kind: 'invite_usage',
        category: '',
        country: '',
        number_id: null,
        transactions: 2,
        quantity: 5,
        amount: -5,
      },
    ]);
    expect((await usage({ filters: { from: today, to: today } }, a.token)).body.data.total).toBe(1);
    expect((await usage({ filters: { to: yesterday } }, a.token)).body.data.records).toEqual([]);
    // The quota went down by what was used.
    expect((await t.get('/api/vip/info', { token: a.token })).body.data.invites).toBe(95);
    // Naming another tenant is a 404 naming the field.
    const other = await usage({ filters: { tenantId: b.tenantId } }, a.token);
    expect(other.status).toBe(404);
    expect(other.body.message).toMatch(/^filters\.tenantId: /);
  });

  it('lists every customer’s for the platform admin, or the one named, paged', async () => {
    const ours = [a.tenantId, b.tenantId];
    const all = await usage({ pageSize: 100, filters: { from: today } });
    expect(all.status).toBe(200);
    const mine = all.body.data.records.filter((row: { tenant_id: string }) => ours.includes(row.tenant_id));
    expect(mine.map((row: { tenant_id: string; quantity: number }) => [row.tenant_id, row.quantity]).sort()).toEqual(
      [
        [a.tenantId, 5],
        [b.tenantId, 4],
      ].sort(),
    );
    const onlyB = await usage({ filters: { tenantId: b.tenantId } });
    expect(onlyB.body.data.records).toMatchObject([{ tenant_id: b.tenantId, quantity: 4, amount: -4 }]);
    const firstPage = await usage({ page: 1, pageSize: 10, filters: { from: today } });
    expect(firstPage.body.data.total).toBeGreaterThanOrEqual(2);
    expect(firstPage.body.data.size).toBe(10);
    const unknown = await usage({ filters: { tenantId: '999999' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/^filters\.tenantId: Customer/);
  });

  it('feeds the charts and the CSV export', async () => {
    const summary = await t.post('/api/consume/summary', {
      token: a.token,
      body: { unit: 'invites', filters: { from: today } },
    });
    expect(summary.status, JSON.stringify(summary.body)).toBe(200);
    expect(summary.body.data.days).toEqual([{ day: today, quantity: 5, amount: -5 }]);
    const csv = await t.app.inject({
      method: 'POST',
      url: '/api/consume/down',
      headers: { token: admin, 'accept-language': 'en' },
      payload: { view: 'pulluse', format: 'csv', filters: { tenantId: a.tenantId } },
    });
    expect(csv.statusCode).toBe(200);
    const [header, ...rows] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(header).toBe('Day,Tenant,Kind,Category,Country,Number id,Postings,Quantity,Credit,Debit');
    expect(rows).toEqual([`${today},${a.tenantId},invite_usage,,,,2,5,,5`]);
  });
});
