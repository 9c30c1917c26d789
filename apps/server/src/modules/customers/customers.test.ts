import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, useTestApp } from '../../test/test-app.js';

const t = useTestApp();
let adminToken: string;
beforeAll(async () => {
  adminToken = (await t.signIn('admin', ADMIN_PASSWORD)).access_token;
  for (let i = 1; i <= 12; i += 1) await t.registerOperator(`customer_${String(i).padStart(2, '0')}`);
});

describe('POST /api/auth/list (customers)', () => {
  it('pages the customer tenants with their owners, newest first', async () => {
    const first = await t.post('/api/auth/list', { token: adminToken, body: { page: 1, pageSize: 10 } });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ total: 12, size: 10, current: 1, pages: 2 });
    expect(first.body.data.records).toHaveLength(10);
    expect(first.body.data.records[0]).toMatchObject({ username: 'customer_12', seat_count: 0 });
    expect(first.body.data.records[0].tenant_id).toMatch(/^\d{6}$/);
    const second = await t.post('/api/auth/list', { token: adminToken, body: { page: 2, pageSize: 10 } });
    expect(second.body.data.records.map((r: { username: string }) => r.username)).toEqual([
      'customer_02',
      'customer_01',
    ]);
    const usernames = [...first.body.data.records, ...second.body.data.records].map((r) => r.username);
    expect(usernames).not.toContain('admin');
  });

  it('defaults to page 1 of 10', async () => {
    const reply = await t.post('/api/auth/list', { token: adminToken, body: {} });
    expect(reply.body.data).toMatchObject({ size: 10, current: 1 });
  });

  it('filters by user name literally', async () => {
    const reply = await t.post('/api/auth/list', { token: adminToken, body: { filters: { username: 'customer_1' } } });
    expect(reply.body.data.total).toBe(3);
    const wildcard = await t.post('/api/auth/list', { token: adminToken, body: { filters: { username: '%' } } });
    expect(wildcard.body.data.total).toBe(0);
  });

  it('accepts only the page sizes of the specification', async () => {
    for (const pageSize of [10, 30, 50, 100, 200]) {
      expect((await t.post('/api/auth/list', { token: adminToken, body: { pageSize } })).status).toBe(200);
    }
    for (const pageSize of [0, 20, 500, 10.5, '10']) {
      const reply = await t.post('/api/auth/list', { token: adminToken, body: { pageSize } });
      expect(reply.status).toBe(400);
      expect(reply.body.message).toMatch(/^pageSize: /);
    }
    const badPage = await t.post('/api/auth/list', { token: adminToken, body: { page: 0 } });
    expect(badPage.body.message).toMatch(/^page: /);
  });

  it('is for the platform admin only', async () => {
    const operator = await t.signIn('customer_01', 'operator-pass-1');
    const reply = await t.post('/api/auth/list', { token: operator.access_token, body: {} });
    expect(reply.status).toBe(403);
    expect(reply.body).toEqual({ code: 403, message: '无权访问', data: null });
    expect((await t.post('/api/auth/list', { body: {} })).status).toBe(401);
  });
});
