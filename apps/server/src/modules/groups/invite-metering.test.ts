/**
 * Group invitations are metered against the quota the platform admin credits (`consume/addpull`,
 * decision 0032): each invitation queued posts one `invite_usage`; a prepaid tenant's task sends
 * no more than its quota holds, then pauses with the reason, and goes on when credited and resumed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox/index.js';
import { addTag, type SignedIn, tenantOperator } from '../../test/tenants.js';
import { ADMIN_PASSWORD, useTestApp } from '../../test/test-app.js';
import { sandboxForApp, sandboxSenders, taggedContacts, until } from '../campaigns/test-support.js';
import { INVITES_USED_UP } from '../wallet/meter-invites.js';
import { pullTaskRequest } from './test-support.js';

const app = useTestApp({}, { worker: true });
let sandbox: RunningSandbox;
let operator: SignedIn;
let admin: string;

beforeAll(async () => {
  sandbox = await sandboxForApp(app, { joinGroup: 0 });
  operator = await tenantOperator(app, 'pullmeter');
  admin = (await app.signIn('admin', ADMIN_PASSWORD)).access_token;
});

afterAll(async () => {
  await sandbox?.stop();
});

const call = (path: string, body: object, token = operator.token) =>
  app.post(path, { body, token, headers: { 'accept-language': 'en' } });
const task = async (id: string) =>
  (await call('/api/group/pulldetails', { id })).body.data.task as {
    invited: number;
    status: string;
    last_error: string;
  };
const invites = async () => (await app.get('/api/vip/info', { token: operator.token })).body.data.invites as number;
const credit = async (amount: number) => {
  const reply = await call(
    '/api/consume/addpull',
    { tenantId: operator.tenantId, amount, requestId: `invites-${crypto.randomUUID()}` },
    admin,
  );
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
};

describe('group invitations against the quota', () => {
  it('sends a prepaid tenant’s invitations up to its quota, pauses with the reason, and goes on once credited', {
    timeout: 90_000,
  }, async () => {
    const { tenantId } = operator;
    await app.pool.query(`insert into tenant_wallet (tenant_id, prepaid) values ($1, true)`, [tenantId]);
    await credit(3);
    const world = await sandboxSenders(app, sandbox, tenantId, 1);
    const host = world.numbers[0] as { numberId: string; phoneNumberId: string };
    await sandbox.control('POST', `/numbers/${host.phoneNumberId}`, { official_business_account: true });
    const tagId = await addTag(app, tenantId, 'club', 'contact');
    await taggedContacts(app, tenantId, tagId, 5);

    const added = await call('/api/group/pulladd', pullTaskRequest(host.numberId, tagId, world.templateId));
    const id = added.body.data.id as string;
    expect((await call('/api/group/pulloperation', { id, operation: 'start' })).body.data.status).toBe('running');
    await until(async () => (await task(id)).status === 'paused', 'the task paused');
    expect(await task(id)).toMatchObject({ invited: 3, last_error: INVITES_USED_UP });
    expect(await invites()).toBe(0);
    const { rows } = await app.pool.query(
      `select sum(quantity)::int as used from ledger_transaction where tenant_id = $1 and kind = 'invite_usage'`,
      [tenantId],
    );
    expect(rows[0].used).toBe(3);
    // Resumed without more quota: it pauses again and sends nothing.
    await call('/api/group/pulloperation', { id, operation: 'resume' });
    await until(async () => (await task(id)).status === 'paused', 'paused again');
    expect((await task(id)).invited).toBe(3);

    await credit(2);
    expect((await call('/api/group/pulloperation', { id, operation: 'resume' })).status).toBe(200);
    await until(async () => (await task(id)).status === 'completed', 'the task completed');
    expect((await task(id)).invited).toBe(5);
    expect(await invites()).toBe(0);
    const { rows: entries } = await app.pool.query(
      `select a.balance::int as balance, (select sum(e.amount)::int from ledger_entry e where e.account_id = a.id) as sum
         from ledger_account a where a.tenant_id = $1 and a.purpose = 'invites'`,
      [tenantId],
    );
    expect(entries[0]).toEqual({ balance: 0, sum: 0 });
  });
});
