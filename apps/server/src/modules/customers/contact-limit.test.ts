import { beforeAll, describe, expect, it } from 'vitest';
import { useTenants } from '../../test/tenants.js';
import { ADMIN_PASSWORD, useTestApp } from '../../test/test-app.js';
import { csvFile, listWhen, uploadList } from '../audiences/test-support.js';
import { manyContacts } from '../contacts/test-support.js';

// fanslimit: a tenant at its contact limit cannot import more; a load stops at the limit.
const t = useTestApp({}, { worker: true });
const { a, b } = useTenants(t, 'flimit');
const EN = { 'accept-language': 'en' };
let admin: string;
beforeAll(async () => {
  admin = (await t.signIn('admin', ADMIN_PASSWORD)).access_token;
  await manyContacts(t, a.tenantId, 3, { firstWaId: 4_700_000_000_000 });
});

const contacts = async (tenantId: string) =>
  Number(
    (await t.pool.query('select count(*) from contact where tenant_id = $1 and deleted_at is null', [tenantId])).rows[0]
      ?.count,
  );

async function readyList(token: string, phones: string[]) {
  const reply = await uploadList(t, token, {
    file: { fileName: 'l.csv', content: csvFile([['phone'], ...phones.map((phone) => [phone])]) },
    mapping: { phone: 'phone' },
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return listWhen(t, token, reply.body.data.id, ['ready']);
}

const limit = async (tenantId: string, value: number | null) => {
  const reply = await t.post('/api/auth/fanslimit', { token: admin, body: { tenantId, limit: value } });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
};

describe('the contact limit', () => {
  it('stops a load at the limit, refuses the next one saying why, and lets it go on once raised', async () => {
    const phones = Array.from({ length: 6 }, (_, i) => `+86138001383${String(i).padStart(2, '0')}`);
    const list = await readyList(a.token, phones);
    await limit(a.tenantId, 5);

    const load = await t.post('/api/data/login', { token: a.token, body: { id: list.id } });
    expect(load.status, JSON.stringify(load.body)).toBe(200);
    const stopped = await listWhen(t, a.token, list.id, ['ready', 'loaded']);
    expect(stopped.status).toBe('ready');
    expect(stopped.error).toMatch(/上限|limit/);
    expect(await contacts(a.tenantId)).toBe(5);

    const refused = await t.post('/api/data/login', { token: a.token, headers: EN, body: { id: list.id } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/^id: the contact limit is reached \(5 of 5\)/);
    const zh = await t.post('/api/data/login', { token: a.token, body: { id: list.id } });
    expect(zh.body.message).toMatch(/联系人数量已达上限/);

    // B has no limit: its loads are untouched by A's.
    const listB = await readyList(b.token, phones);
    await t.post('/api/data/login', { token: b.token, body: { id: listB.id } });
    expect((await listWhen(t, b.token, listB.id, ['loaded'])).status).toBe('loaded');
    expect(await contacts(b.tenantId)).toBe(6);

    await limit(a.tenantId, null);
    const again = await t.post('/api/data/login', { token: a.token, body: { id: list.id } });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect((await listWhen(t, a.token, list.id, ['loaded'])).status).toBe('loaded');
    expect(await contacts(a.tenantId)).toBe(9);
  });
});
