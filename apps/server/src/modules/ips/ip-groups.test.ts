import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, useTestApp } from '../../test/test-app.js';

const t = useTestApp();
let admin: string;
let operator: string;
let otherOperator: string;

beforeAll(async () => {
  admin = (await t.signIn('admin', ADMIN_PASSWORD)).access_token;
  operator = (await t.registerOperator()).access_token;
  otherOperator = (await t.registerOperator()).access_token;
});

const addGroup = async (token: string, body: Record<string, unknown>) => {
  const reply = await t.post('/api/ip/groupadd', { token, body });
  if (reply.status !== 200) throw new Error(JSON.stringify(reply.body));
  return reply.body.data as { id: string; name: string; scope: string };
};
const list = (token: string, body: Record<string, unknown> = {}) => t.post('/api/ip/grouplist', { token, body });

describe('IP groups', () => {
  it('adds, lists by name with IP counts, edits and deletes own groups', async () => {
    const beta = await addGroup(operator, { scope: 'own', name: 'Beta', remark: 'office' });
    const alpha = await addGroup(operator, { name: ' alpha ' });
    expect(alpha).toMatchObject({ scope: 'own', name: 'alpha', remark: '', ip_count: 0 });
    await t.post('/api/ip/ipadd', { token: operator, body: { host: '10.0.0.1', port: 3128, groupId: beta.id } });

    const all = await list(operator, { page: 1, pageSize: 100000, scope: 'own' });
    expect(all.status).toBe(200);
    expect(all.body.data).toMatchObject({ total: 2, size: 100000, current: 1, pages: 1 });
    expect(all.body.data.records.map((g: { name: string; ip_count: number }) => [g.name, g.ip_count])).toEqual([
      ['alpha', 0],
      ['Beta', 1],
    ]);
    expect(all.body.data.records[1].created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);

    const edited = await t.post('/api/ip/groupedit', { token: operator, body: { id: beta.id, name: 'Gamma' } });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ id: beta.id, name: 'Gamma', remark: 'office', ip_count: 1 });

    const deleted = await t.post('/api/ip/groupdel', { token: operator, body: { ids: [beta.id, alpha.id] } });
    expect(deleted.body).toMatchObject({ code: 0, message: '删除成功', data: { count: 2, ungrouped: 1 } });
    const ips = await t.post('/api/ip/iplist', { token: operator, body: {} });
    expect(ips.body.data.records[0]).toMatchObject({ host: '10.0.0.1', group: null });
    expect((await list(operator)).body.data.total).toBe(0);
    const log = await t.pool.query("select target from operation_log where action = 'ip.groupdel'");
    expect(log.rows[0].target).toContain(beta.id);
  });

  it('pages with the usual sizes, and 100000 only here', async () => {
    for (let i = 0; i < 12; i += 1) await addGroup(otherOperator, { name: `g${String(i).padStart(2, '0')}` });
    const second = await list(otherOperator, { page: 2, pageSize: 10 });
    expect(second.body.data).toMatchObject({ total: 12, pages: 2 });
    expect(second.body.data.records.map((g: { name: string }) => g.name)).toEqual(['g10', 'g11']);
    const past = await list(otherOperator, { page: 5, pageSize: 10 });
    expect(past.body.data).toMatchObject({ total: 12, records: [] });
    for (const pageSize of [20, 1000, 99999, '100000']) {
      const reply = await list(otherOperator, { pageSize });
      expect(reply.status).toBe(400);
      expect(reply.body.message).toMatch(/^pageSize: /);
    }
    const ipList = await t.post('/api/ip/iplist', { token: otherOperator, body: { pageSize: 100000 } });
    expect(ipList.status).toBe(400);
    expect(ipList.body.message).toMatch(/^pageSize: /);
  });

  it('refuses bad input naming the field', async () => {
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ['/api/ip/groupadd', { name: '' }, /^name: /],
      ['/api/ip/groupadd', { name: 'x'.repeat(65) }, /^name: /],
      ['/api/ip/groupadd', { name: 'ok', scope: 'mine' }, /^scope: /],
      ['/api/ip/groupadd', { name: 'ok', remark: 'r'.repeat(256) }, /^remark: /],
      ['/api/ip/groupedit', { id: 'abc', name: 'x' }, /^id: /],
      ['/api/ip/groupedit', { id: '1' }, /^name: /],
      ['/api/ip/groupdel', { ids: [] }, /^ids: /],
      ['/api/ip/grouplist', { page: 0 }, /^page: /],
    ];
    for (const [path, body, message] of cases) {
      const reply = await t.post(path, { token: operator, body });
      expect(reply.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(reply.body.message).toMatch(message);
    }
  });

  it('refuses a duplicate name ignoring case (409), and unknown ids (404)', async () => {
    await addGroup(operator, { name: 'Office' });
    const duplicate = await t.post('/api/ip/groupadd', { token: operator, body: { name: 'OFFICE' } });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toMatch(/^name: /);
    const other = await addGroup(operator, { name: 'Home' });
    const renamed = await t.post('/api/ip/groupedit', { token: operator, body: { id: other.id, name: 'office' } });
    expect(renamed.status).toBe(409);
    expect((await t.post('/api/ip/groupedit', { token: operator, body: { id: '999999', name: 'x' } })).status).toBe(
      404,
    );
    expect((await t.post('/api/ip/groupdel', { token: operator, body: { ids: ['999999'] } })).status).toBe(404);
    // The same name in another tenant is fine.
    expect((await t.post('/api/ip/groupadd', { token: otherOperator, body: { name: 'Office' } })).status).toBe(200);
  });

  it('keeps each tenant to its own groups', async () => {
    const mine = await addGroup(operator, { name: 'Private' });
    const theirs = await list(otherOperator, { pageSize: 100000 });
    expect(theirs.body.data.records.map((g: { id: string }) => g.id)).not.toContain(mine.id);
    const edit = await t.post('/api/ip/groupedit', { token: otherOperator, body: { id: mine.id, name: 'Taken' } });
    expect(edit.status).toBe(404);
    const del = await t.post('/api/ip/groupdel', { token: otherOperator, body: { ids: [mine.id] } });
    expect(del.status).toBe(404);
    const add = await t.post('/api/ip/ipadd', {
      token: otherOperator,
      body: { host: 'proxy.example.com', port: 8080, groupId: mine.id },
    });
    // Another tenant's group answers exactly like one that does not exist.
    expect(add.status).toBe(404);
    expect(add.body.message).toBe('groupId: 分组不存在');
    const still = await list(operator, { pageSize: 100000 });
    expect(still.body.data.records.find((g: { id: string }) => g.id === mine.id)).toMatchObject({ name: 'Private' });
  });

  it('lets only the platform admin change system groups; operators list them', async () => {
    const system = await addGroup(admin, { scope: 'system', name: 'Shared egress' });
    expect(system.scope).toBe('system');
    for (const [path, body] of [
      ['/api/ip/groupadd', { scope: 'system', name: 'Mine now' }],
      ['/api/ip/groupedit', { scope: 'system', id: system.id, name: 'Mine now' }],
      ['/api/ip/groupdel', { scope: 'system', ids: [system.id] }],
    ] as const) {
      const reply = await t.post(path, { token: operator, body });
      expect(reply.status, path).toBe(403);
    }
    // Named as an own group, a system group does not exist for an operator.
    expect((await t.post('/api/ip/groupdel', { token: operator, body: { ids: [system.id] } })).status).toBe(404);
    const seen = await list(operator, { scope: 'system', pageSize: 100000 });
    expect(seen.body.data.records).toEqual([expect.objectContaining({ id: system.id, scope: 'system' })]);
    expect((await list(operator, { scope: 'own', pageSize: 100000 })).body.data.records).not.toContainEqual(
      expect.objectContaining({ id: system.id }),
    );
    // The admin's own groups are the system groups.
    const adminOwn = await list(admin, { scope: 'own', pageSize: 100000 });
    expect(adminOwn.body.data.records).toEqual([expect.objectContaining({ id: system.id, scope: 'system' })]);
  });

  it('needs a token', async () => {
    for (const path of ['/api/ip/grouplist', '/api/ip/groupadd', '/api/ip/groupedit', '/api/ip/groupdel']) {
      expect((await t.post(path, { body: {} })).status).toBe(401);
    }
  });
});
