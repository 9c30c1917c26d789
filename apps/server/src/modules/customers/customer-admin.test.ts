import { type CallDefinition, customerCalls } from '@ws/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectBadInput } from '../../test/bad-input.js';
import { addNumber, useTenants } from '../../test/tenants.js';
import { ADMIN_PASSWORD, type Reply, useTestApp } from '../../test/test-app.js';
import { manyContacts } from '../contacts/test-support.js';

const t = useTestApp();
const tenants = useTenants(t, 'cadm');
const { a, b, seat } = tenants;
let admin: string;
beforeAll(async () => {
  admin = (await t.signIn('admin', ADMIN_PASSWORD)).access_token;
});

const EN = { 'accept-language': 'en' };

const send = (call: CallDefinition, body: object, token?: string): Promise<Reply> =>
  call.method === 'GET'
    ? t.get(call.path, { token, query: body as Record<string, string> })
    : t.post(call.path, { token, body });

/** A valid request of each call, naming tenant B (a customer none of the other tests change). */
const validBodies = (): Record<Exclude<keyof typeof customerCalls, 'accountPlan'>, object> => ({
  customers: {},
  addCustomer: { username: 'never_made', password: 'customer-pass-1' },
  deleteCustomer: { tenantId: b.tenantId },
  resetCustomerPassword: { tenantId: b.tenantId, password: 'another-pass-1' },
  customerContactLimit: { tenantId: b.tenantId, limit: 10 },
  customerMass: { tenantId: b.tenantId, mass: false },
  customerPlan: { tenantId: b.tenantId, plan: 'trial' },
  renewCustomer: { tenantId: b.tenantId, days: 30 },
  setForce: { tenantId: b.tenantId, force: true },
  getForce: { tenantId: b.tenantId },
  setReadReceipts: { tenantId: b.tenantId, readReceipts: false },
  getReadReceipts: { tenantId: b.tenantId },
  clearMessages: { tenantId: b.tenantId, before: '2026-01-01' },
  getCustomer: { tenantId: b.tenantId },
  customerExports: { tenantId: b.tenantId },
  customerExportFile: { tenantId: b.tenantId, folder: `${b.tenantId}-20260101-000000`, file: 'contacts.csv' },
  platformTotals: {},
  restartJobs: { tenantId: b.tenantId },
});

async function settingsOf(tenantId: string) {
  const reply = await t.get('/api/auth/getcustomer', { token: admin, query: { tenantId } });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.data;
}

describe('customer administration: who may call', () => {
  it('refuses every call without a token (401), and to operators and seats (403), changing nothing', async () => {
    const before = await settingsOf(b.tenantId);
    for (const [name, body] of Object.entries(validBodies())) {
      const call = customerCalls[name as keyof typeof customerCalls];
      expect((await send(call, body)).status, `${name} without a token`).toBe(401);
      for (const [who, caller] of [
        ['operator A', a],
        ['operator B', b],
        ['seat', seat],
      ] as const) {
        const reply = await send(call, body, caller.token);
        expect(reply.status, `${name} as ${who}`).toBe(403);
      }
    }
    expect(await settingsOf(b.tenantId)).toEqual(before);
    expect(
      (await t.post('/api/auth/login', { body: { username: 'never_made', password: 'customer-pass-1' } })).status,
    ).toBe(400);
  });

  it('answers a 404 naming tenantId for an unknown tenant and for the platform’s own', async () => {
    for (const tenantId of ['999999', '000000']) {
      for (const [name, body] of Object.entries(validBodies())) {
        if (!('tenantId' in body)) continue;
        const call = customerCalls[name as keyof typeof customerCalls];
        const reply = await send(call, { ...body, tenantId }, admin);
        expect(reply.status, `${name} ${tenantId}`).toBe(404);
        expect(reply.body.message).toMatch(/^tenantId: /);
      }
    }
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const post = (path: string) => (body: object) => t.post(path, { token: admin, body });
    await expectBadInput(post('/api/auth/addcustomer'), [
      [{ username: 'ab', password: 'customer-pass-1' }, 'username'],
      [{ username: 'good_name', password: 'short' }, 'password'],
      [{ username: 'good_name', password: 'customer-pass-1', plan: 'gold' }, 'plan'],
      [{ username: 'good_name', password: 'customer-pass-1', days: 0 }, 'days'],
      [{ username: 'good_name', password: 'customer-pass-1', contactLimit: -1 }, 'contactLimit'],
    ]);
    await expectBadInput(post('/api/auth/fanslimit'), [
      [{ tenantId: a.tenantId, limit: -5 }, 'limit'],
      [{ tenantId: a.tenantId, limit: 1.5 }, 'limit'],
      [{ tenantId: 'abc', limit: 5 }, 'tenantId'],
      [{ limit: 5 }, 'tenantId'],
    ]);
    await expectBadInput(post('/api/auth/acctype'), [[{ tenantId: a.tenantId, plan: 'gold' }, 'plan']]);
    await expectBadInput(post('/api/auth/renew'), [
      [{ tenantId: a.tenantId, days: 0 }, 'days'],
      [{ tenantId: a.tenantId }, 'days'],
      [{ tenantId: a.tenantId, days: 5, until: '2027-01-01T00:00:00Z' }, 'days'],
      [{ tenantId: a.tenantId, until: 'tomorrow' }, 'until'],
      [{ tenantId: a.tenantId, days: 99_999 }, 'days'],
    ]);
    await expectBadInput(post('/api/auth/mass'), [[{ tenantId: a.tenantId, mass: 'yes' }, 'mass']]);
    await expectBadInput(post('/api/auth/setforce'), [[{ tenantId: a.tenantId }, 'force']]);
    await expectBadInput(post('/api/auth/setreadgm'), [[{ tenantId: a.tenantId, readReceipts: 1 }, 'readReceipts']]);
    await expectBadInput(post('/api/auth/clearmsg'), [
      [{ tenantId: a.tenantId, before: '2026-02-30' }, 'before'],
      [{ tenantId: a.tenantId }, 'before'],
    ]);
    await expectBadInput(post('/api/auth/deletecus'), [[{ tenantId: a.tenantId, graceDays: 91 }, 'graceDays']]);
    await expectBadInput(post('/api/auth/resetpassword'), [[{ tenantId: a.tenantId, password: 'x' }, 'password']]);
    await expectBadInput((query) => t.get('/api/auth/getcustomer', { token: admin, query }), [[{}, 'tenantId']]);
  });
});

describe('auth/addcustomer', () => {
  it('creates a tenant with its owner, who signs in and sees its plan; every admin action is logged', async () => {
    const reply = await t.post('/api/auth/addcustomer', {
      token: admin,
      body: { username: 'acme_owner', password: 'acme-pass-123', plan: 'professional', days: 30, contactLimit: 500 },
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const created = reply.body.data;
    expect(created).toMatchObject({
      username: 'acme_owner',
      plan: 'professional',
      contact_limit: 500,
      mass: true,
      expired: false,
      state: 'active',
      usage: { numbers: 0, contacts: 0, seats: 0, messages: 0, messages_30d: 0 },
    });
    const days = (Date.parse(created.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    const session = await t.signIn('acme_owner', 'acme-pass-123');
    expect(session.user_info).toMatchObject({ tenant_id: created.tenant_id, role: 'operator' });
    const own = await t.get('/api/auth/plan', { token: session.access_token });
    expect(own.body.data).toMatchObject({
      tenant_id: created.tenant_id,
      plan: 'professional',
      contact_limit: 500,
      mass: true,
      expired: false,
    });
    expect((await t.get('/api/auth/plan', { token: b.token })).body.data).toMatchObject({
      tenant_id: b.tenantId,
      plan: 'standard',
    });
    const again = await t.post('/api/auth/addcustomer', {
      token: admin,
      body: { username: 'ACME_owner', password: 'acme-pass-123' },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/^username: /);

    const log = await t.pool.query(
      `select action, target from operation_log where tenant_id = '000000' and action = 'auth.addcustomer'`,
    );
    expect(log.rows).toEqual([{ action: 'auth.addcustomer', target: `${created.tenant_id} acme_owner` }]);
  });
});

describe('settings', () => {
  it('sets the contact limit, mass, plan, forced translation and read receipts of one tenant only', async () => {
    const other = await settingsOf(b.tenantId);
    const calls: [string, object, Record<string, unknown>][] = [
      ['/api/auth/fanslimit', { limit: 1200 }, { contact_limit: 1200 }],
      ['/api/auth/fanslimit', { limit: null }, { contact_limit: null }],
      ['/api/auth/mass', { mass: false }, { mass: false }],
      ['/api/auth/acctype', { plan: 'enterprise' }, { plan: 'enterprise' }],
      ['/api/auth/setforce', { force: true }, { force: true }],
      ['/api/auth/setreadgm', { readReceipts: false }, { read_receipts: false }],
    ];
    for (const [path, body, expected] of calls) {
      const reply = await t.post(path, { token: admin, body: { tenantId: a.tenantId, ...body } });
      expect(reply.status, `${path} ${JSON.stringify(reply.body)}`).toBe(200);
      expect(reply.body.data).toMatchObject(expected);
    }
    expect(await settingsOf(a.tenantId)).toMatchObject({
      contact_limit: null,
      mass: false,
      plan: 'enterprise',
      force_translate: true,
      read_receipts: false,
    });
    const force = await t.get('/api/auth/getforce', { token: admin, query: { tenantId: a.tenantId } });
    expect(force.body.data).toEqual({ tenant_id: a.tenantId, force: true });
    const receipts = await t.get('/api/auth/getreadgm', { token: admin, query: { tenantId: a.tenantId } });
    expect(receipts.body.data).toEqual({ tenant_id: a.tenantId, read_receipts: false });
    expect(await settingsOf(b.tenantId)).toEqual(other);

    const logged = await t.pool.query<{ action: string; target: string }>(
      `select action, target from operation_log where tenant_id = '000000' and target like $1 order by id`,
      [`${a.tenantId}:%`],
    );
    expect(logged.rows.map((row) => row.action)).toEqual([
      'auth.fanslimit',
      'auth.fanslimit',
      'auth.mass',
      'auth.acctype',
      'auth.setforce',
      'auth.setreadgm',
    ]);
    for (const path of ['/api/auth/mass', '/api/auth/setforce', '/api/auth/setreadgm']) {
      const body = path.endsWith('mass')
        ? { mass: true }
        : path.endsWith('force')
          ? { force: false }
          : { readReceipts: true };
      expect((await t.post(path, { token: admin, body: { tenantId: a.tenantId, ...body } })).status).toBe(200);
    }
  });

  it('renews from the expiry while it lies ahead, from now once it has passed', async () => {
    await t.pool.query(`update tenant set expires_at = now() + interval '10 days' where id = $1`, [a.tenantId]);
    const ahead = await t.post('/api/auth/renew', { token: admin, body: { tenantId: a.tenantId, days: 5 } });
    expect((Date.parse(ahead.body.data.expires_at) - Date.now()) / 86_400_000).toBeCloseTo(15, 1);
    await t.pool.query(`update tenant set expires_at = now() - interval '10 days' where id = $1`, [a.tenantId]);
    expect((await settingsOf(a.tenantId)).expired).toBe(true);
    const passed = await t.post('/api/auth/renew', { token: admin, body: { tenantId: a.tenantId, days: 5 } });
    expect(passed.body.data.expired).toBe(false);
    expect((Date.parse(passed.body.data.expires_at) - Date.now()) / 86_400_000).toBeCloseTo(5, 1);
    const ended = await t.post('/api/auth/renew', {
      token: admin,
      body: { tenantId: a.tenantId, until: '2026-01-01T00:00:00Z' },
    });
    expect(ended.body.data).toMatchObject({ expired: true, expires_at: '2026-01-01T00:00:00.000000Z' });
    await t.pool.query('update tenant set expires_at = null where id = $1', [a.tenantId]);
  });
});

describe('an expired tenant', () => {
  it('is read-only for its users with a message saying so; the platform admin still changes it', async () => {
    await t.pool.query(`update tenant set expires_at = now() - interval '1 minute' where id = $1`, [a.tenantId]);
    try {
      const read = await t.post('/api/tag/all', { token: a.token, body: { kind: 'contact' } });
      expect(read.status).toBe(200);
      const info = await t.get('/api/blade-auth/oauth/user-info', { token: seat.token });
      expect(info.status).toBe(200);
      for (const token of [a.token, seat.token]) {
        const change = await t.post('/api/auth/nickname', { token, headers: EN, body: { nickname: 'changed' } });
        expect(change.status).toBe(403);
        expect(change.body.message).toMatch(/expired and is read-only/);
      }
      const zh = await t.post('/api/tag/add', {
        token: a.token,
        headers: { 'accept-language': 'zh-CN' },
        body: { name: 'x', kind: 'contact', color: '#296EFF' },
      });
      expect(zh.status).toBe(403);
      expect(zh.body.message).toMatch(/账号已到期/);
      expect(
        (await t.post('/api/auth/acctype', { token: admin, body: { tenantId: a.tenantId, plan: 'trial' } })).status,
      ).toBe(200);
      expect((await t.post('/api/auth/logout', { token: seat.token })).status).toBe(200);
      // B is not expired: its changes go through.
      expect((await t.post('/api/auth/nickname', { token: b.token, body: { nickname: 'bee' } })).status).toBe(200);
    } finally {
      await t.pool.query('update tenant set expires_at = null where id = $1', [a.tenantId]);
    }
    expect((await t.post('/api/auth/nickname', { token: a.token, body: { nickname: 'changed' } })).status).toBe(200);
  });
});

describe('auth/resetpassword', () => {
  it("sets the owner's password and ends the owner's sessions", async () => {
    const created = await t.post('/api/auth/addcustomer', {
      token: admin,
      body: { username: 'reset_owner', password: 'first-pass-123' },
    });
    const session = await t.signIn('reset_owner', 'first-pass-123');
    const reply = await t.post('/api/auth/resetpassword', {
      token: admin,
      body: { tenantId: created.body.data.tenant_id, password: 'second-pass-123' },
    });
    expect(reply.status).toBe(200);
    expect((await t.get('/api/blade-auth/oauth/user-info', { token: session.access_token })).status).toBe(401);
    expect(
      (await t.post('/api/auth/login', { body: { username: 'reset_owner', password: 'first-pass-123' } })).status,
    ).toBe(400);
    expect((await t.signIn('reset_owner', 'second-pass-123')).user_info.username).toBe('reset_owner');
  });
});

describe('auth/getcustomer and auth/data', () => {
  it('count usage from the roll-ups', async () => {
    const created = (
      await t.post('/api/auth/addcustomer', {
        token: admin,
        body: { username: 'usage_owner', password: 'usage-pass-1' },
      })
    ).body.data;
    const before = (await t.get('/api/auth/data', { token: admin })).body.data;
    const numberId = await addNumber(t, created.tenant_id);
    await manyContacts(t, created.tenant_id, 7, { numberId, firstWaId: 4_500_000_000_000 });
    await t.pool.query(
      `insert into number_daily_count (tenant_id, number_id, day, sent, received)
       values ($1, $2, (now() at time zone 'UTC')::date, 4, 3), ($1, $2, (now() at time zone 'UTC')::date - 40, 10, 0)`,
      [created.tenant_id, numberId],
    );
    expect((await settingsOf(created.tenant_id)).usage).toEqual({
      numbers: 1,
      contacts: 7,
      seats: 0,
      messages: 17,
      messages_30d: 7,
    });
    const credit = await t.post('/api/auth/charge', {
      token: admin,
      body: { tenantId: created.tenant_id, amount: '12.5', requestId: 'usage-credit-1' },
    });
    expect(credit.status, JSON.stringify(credit.body)).toBe(200);
    expect((await settingsOf(created.tenant_id)).wallet).toMatchObject({ balance: 12_500_000, available: 12_500_000 });
    const after = (await t.get('/api/auth/data', { token: admin })).body.data;
    expect(after.customers).toBe(before.customers);
    expect(after.numbers - before.numbers).toBe(1);
    expect(after.contacts - before.contacts).toBe(7);
    expect(after.messages - before.messages).toBe(17);
    expect(after.messages_today - before.messages_today).toBe(7);
    expect(after.wallet_balance - before.wallet_balance).toBe(12_500_000);
    expect(after.wallet_held - before.wallet_held).toBe(0);
    await t.pool.query(
      `insert into tenant_wallet (tenant_id, low_balance_micros) values ($1, 20000000)
       on conflict (tenant_id) do update set low_balance_micros = excluded.low_balance_micros`,
      [created.tenant_id],
    );
    const low = (await t.get('/api/auth/data', { token: admin })).body.data;
    expect(low.low_balance_customers - after.low_balance_customers).toBe(1);
  });
});

describe('auth/deletecus', () => {
  it('disables the customer at once: sessions end, sign-in is refused, the deletion job waits out the grace days', async () => {
    const created = (
      await t.post('/api/auth/addcustomer', {
        token: admin,
        body: { username: 'gone_owner', password: 'gone-pass-123' },
      })
    ).body.data;
    const session = await t.signIn('gone_owner', 'gone-pass-123');
    const reply = await t.post('/api/auth/deletecus', {
      token: admin,
      body: { tenantId: created.tenant_id, graceDays: 3, exportData: true },
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.data.state).toBe('disabled');
    expect((Date.parse(reply.body.data.delete_after) - Date.now()) / 86_400_000).toBeCloseTo(3, 1);
    expect((await t.get('/api/blade-auth/oauth/user-info', { token: session.access_token })).status).toBe(401);
    const signIn = await t.post('/api/auth/login', {
      headers: EN,
      body: { username: 'gone_owner', password: 'gone-pass-123' },
    });
    expect(signIn.status).toBe(403);
    expect(signIn.body.message).toMatch(/disabled/);
    const zh = await t.post('/api/auth/login', { body: { username: 'gone_owner', password: 'gone-pass-123' } });
    expect(zh.body.message).toMatch(/账号已停用/);
    const { rows } = await t.pool.query(
      `select j.run_at > now() + interval '71 hours' as later from graphile_worker._private_jobs j
         join graphile_worker._private_tasks k on k.id = j.task_id
        where k.identifier = 'customer_delete' and j.payload->>'tenantId' = $1`,
      [created.tenant_id],
    );
    expect(rows).toEqual([{ later: true }]);
    const listed = await t.post('/api/auth/list', {
      token: admin,
      body: { filters: { tenantId: created.tenant_id } },
    });
    expect(listed.body.data.records).toMatchObject([
      { tenant_id: created.tenant_id, plan: 'standard', state: 'disabled', expired: false, expires_at: null },
    ]);
    const change = await t.post('/api/auth/mass', { token: admin, body: { tenantId: created.tenant_id, mass: false } });
    expect(change.status).toBe(409);
    expect(change.body.message).toMatch(/^tenantId: /);
  });
});
