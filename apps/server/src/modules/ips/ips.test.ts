import type { EgressIp, TokenPair } from '@ws/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectBadInput } from '../../test/bad-input.js';
import { ADMIN_PASSWORD, useTestApp } from '../../test/test-app.js';
import { seedNumber } from '../../test/whatsapp-fixtures.js';

const t = useTestApp();
let admin: string;
let operator: TokenPair;
let other: TokenPair;

beforeAll(async () => {
  admin = (await t.signIn('admin', ADMIN_PASSWORD)).access_token;
  operator = await t.registerOperator();
  other = await t.registerOperator();
});

const post = async (token: string, path: string, body: Record<string, unknown>) => t.post(path, { token, body });
const add = async (token: string, body: Record<string, unknown>): Promise<string[]> => {
  const reply = await post(token, '/api/ip/ipadd', body);
  if (reply.status !== 200) throw new Error(JSON.stringify(reply.body));
  return reply.body.data.ids;
};
/** The IP list of `scope` (own when absent), with the rest of `request` as its filters. */
const list = async (token: string, { scope, ...filters }: Record<string, unknown> = {}) => {
  const reply = await post(token, '/api/ip/iplist', { scope, filters });
  expect(reply.status).toBe(200);
  return reply.body.data as { total: number; records: EgressIp[] };
};
const sealedPassword = async (id: string) =>
  (await t.pool.query('select password_encrypted from egress_ip where id = $1', [id])).rows[0]?.password_encrypted;

describe('adding IPs', () => {
  it('adds one IP with sealed credentials, never returning the password', async () => {
    const [id] = await add(operator.access_token, {
      protocol: 'https',
      host: 'Proxy.Example.COM',
      port: 3128,
      username: 'egress',
      password: 's3cret:pass',
      remark: 'office line',
    });
    const page = await list(operator.access_token);
    expect(page.records[0]).toEqual({
      id,
      scope: 'own',
      protocol: 'https',
      host: 'proxy.example.com',
      port: 3128,
      username: 'egress',
      has_password: true,
      group: null,
      enabled: true,
      remark: 'office line',
      numbers: 0,
      check: null,
      created_at: expect.stringMatching(/Z$/),
    });
    expect(JSON.stringify(page)).not.toContain('s3cret');
    const sealed = await sealedPassword(id as string);
    expect(sealed).not.toContain('s3cret');
    expect(t.context.whatsapp.tokenCipher.decrypt(sealed)).toBe('s3cret:pass');
  });

  it('refuses a duplicate address (host, port, user name) with 409', async () => {
    await add(operator.access_token, { host: '192.0.2.10', port: 8080 });
    const again = await post(operator.access_token, '/api/ip/ipadd', { host: '192.0.2.10', port: 8080 });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/^host: /);
    // Another user name on the same proxy is another IP; another tenant may add the same one.
    expect(await add(operator.access_token, { host: '192.0.2.10', port: 8080, username: 'u2' })).toHaveLength(1);
    expect(await add(other.access_token, { host: '192.0.2.10', port: 8080 })).toHaveLength(1);
  });

  it('refuses bad input naming the field', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ port: 80 }, /^host: /],
      [{ host: 'proxy.example.com' }, /^port: /],
      [{ host: 'bad host', port: 80 }, /^host: /],
      [{ host: '300.1.1.1', port: 80 }, /^host: /],
      [{ host: '-lead.example.com', port: 80 }, /^host: /],
      [{ host: 'http://proxy.example.com', port: 80 }, /^host: /],
      [{ host: 'proxy.example.com', port: 0 }, /^port: /],
      [{ host: 'proxy.example.com', port: 65536 }, /^port: /],
      [{ host: 'proxy.example.com', port: '80' }, /^port: /],
      [{ host: 'proxy.example.com', port: 80, protocol: 'socks5' }, /^protocol: /],
      [{ host: 'proxy.example.com', port: 80, username: 'a:b' }, /^username: /],
      [{ host: 'proxy.example.com', port: 80, password: 'p'.repeat(257) }, /^password: /],
      [{ host: 'proxy.example.com', port: 80, groupId: 'x' }, /^groupId: /],
      [{ host: 'proxy.example.com', port: 80, scope: 'everyone' }, /^scope: /],
      [{ lines: '' }, /^lines: /],
      [{ lines: 'nonsense' }, /^lines: line 1: port: /],
    ];
    await expectBadInput(
      (body) => t.post('/api/ip/ipadd', { token: operator.access_token, body, headers: { 'accept-language': 'en' } }),
      cases,
    );
    expect((await t.post('/api/ip/ipadd', { body: { host: 'a.b', port: 1 } })).status).toBe(401);
    const unknownGroup = await t.post('/api/ip/ipadd', {
      token: operator.access_token,
      body: { host: 'proxy.example.com', port: 80, groupId: '999999' },
      headers: { 'accept-language': 'en' },
    });
    expect(unknownGroup.status).toBe(404);
    expect(unknownGroup.body.message).toBe('groupId: IP group not found');
  });

  it('accepts IPv4, IPv6 and host names', async () => {
    const ids = [
      ...(await add(other.access_token, { host: '[2001:db8::1]', port: 1080 })),
      ...(await add(other.access_token, { host: 'fd00::2', port: 1080 })),
      ...(await add(other.access_token, { host: 'localhost', port: 1080 })),
    ];
    expect(ids).toHaveLength(3);
    const hosts = (await list(other.access_token, { search: ':' })).records.map((ip) => ip.host);
    expect(hosts).toEqual(['fd00::2', '2001:db8::1']);
  });

  it('adds a bulk paste, reporting bad, repeated and existing lines', async () => {
    const tenant = await t.registerOperator();
    const token = tenant.access_token;
    await add(token, { host: '198.51.100.1', port: 3128 });
    const group = (await post(token, '/api/ip/groupadd', { name: 'Pasted' })).body.data.id;
    const reply = await t.post('/api/ip/ipadd', {
      token,
      headers: { 'accept-language': 'en' },
      body: {
        groupId: group,
        remark: 'batch 1',
        lines: [
          '# comment',
          '198.51.100.2:3128',
          '198.51.100.3:3128:alice:pa:ss',
          '',
          'https://bob:p%40ss@proxy.example.net:8443',
          '[2001:db8::5]:1080:carol:pw',
          '198.51.100.1:3128',
          '198.51.100.2:3128',
          '198.51.100.4',
          '198.51.100.5:99999:dave:secret',
          'socks5://198.51.100.6:1080',
        ].join('\n'),
      },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.data.ids).toHaveLength(4);
    expect(reply.body.data.errors).toEqual([
      { line: 7, text: '198.51.100.1:3128', message: 'this IP already exists' },
      { line: 8, text: '198.51.100.2:3128', message: 'repeats line 2' },
      { line: 9, text: '198.51.100.4', message: 'port: is required' },
      { line: 10, text: '198.51.100.5:99999:dave:***', message: 'port: must be a whole number from 1 to 65535' },
      { line: 11, text: 'socks5://198.51.100.6:1080', message: 'only http:// and https:// proxies are supported' },
    ]);
    const page = await list(token, { groupId: group });
    expect(page.total).toBe(4);
    const byHost = Object.fromEntries(page.records.map((ip) => [ip.host, ip]));
    expect(byHost['198.51.100.3']).toMatchObject({ protocol: 'http', username: 'alice', has_password: true });
    expect(byHost['proxy.example.net']).toMatchObject({ protocol: 'https', port: 8443, username: 'bob' });
    expect(byHost['2001:db8::5']).toMatchObject({ port: 1080, username: 'carol', remark: 'batch 1' });
    expect(t.context.whatsapp.tokenCipher.decrypt(await sealedPassword(byHost['198.51.100.3']?.id as string))).toBe(
      'pa:ss',
    );
    expect(
      t.context.whatsapp.tokenCipher.decrypt(await sealedPassword(byHost['proxy.example.net']?.id as string)),
    ).toBe('p@ss');

    const allThere = await post(token, '/api/ip/ipadd', { lines: '198.51.100.2:3128\n198.51.100.1:3128' });
    expect(allThere.status).toBe(409);
    const tooMany = await post(token, '/api/ip/ipadd', {
      lines: Array.from({ length: 1001 }, (_, i) => `10.1.${Math.floor(i / 250)}.${i % 250}:80`).join('\n'),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toMatch(/^lines: /);
  });
});

describe('listing IPs', () => {
  it('filters by group, no group, enabled and search, newest first, and pages', async () => {
    const tenant = await t.registerOperator();
    const token = tenant.access_token;
    const group = (await post(token, '/api/ip/groupadd', { name: 'Group A' })).body.data.id;
    const grouped = await add(token, { lines: '10.9.0.1:80\n10.9.0.2:80', groupId: group });
    const loose = await add(token, { host: 'edge.example.org', port: 80, remark: '50%_off' });
    await post(token, '/api/ip/ipmanage', { ids: [grouped[0]], enabled: false });

    expect((await list(token, { groupId: group })).records.map((ip) => ip.id).sort()).toEqual([...grouped].sort());
    expect((await list(token, { groupId: null })).records.map((ip) => ip.id)).toEqual(loose);
    expect((await list(token, { enabled: false })).records.map((ip) => ip.id)).toEqual([grouped[0]]);
    expect((await list(token, { search: 'EDGE' })).total).toBe(1);
    expect((await list(token, { search: '50%_' })).total).toBe(1);
    expect((await list(token, { search: '%' })).total).toBe(1);
    const all = await list(token);
    expect(all.records.map((ip) => ip.id)).toEqual([...loose, ...grouped].sort((a, b) => Number(b) - Number(a)));
    expect(all.records.find((ip) => ip.id === grouped[1])).toMatchObject({ group: { id: group, name: 'Group A' } });
    const paged = await post(token, '/api/ip/iplist', { page: 2, pageSize: 10 });
    expect(paged.body.data).toMatchObject({ total: 3, current: 2, records: [] });
    await expectBadInput(
      (body) => post(token, '/api/ip/iplist', body),
      [
        [{ filters: { groupId: 'none' } }, 'filters.groupId'],
        [{ filters: { enabled: 'yes' } }, 'filters.enabled'],
        [{ filters: { search: 's'.repeat(101) } }, 'filters.search'],
        [{ scope: 'all' }, 'scope'],
        [{ pageSize: 25 }, 'pageSize'],
      ],
    );
  });

  it('counts the live numbers that use each IP', async () => {
    const [ip] = await add(operator.access_token, { host: 'used.example.com', port: 3128 });
    const tenantId = operator.user_info.tenant_id;
    const first = await seedNumber(t.pool, t.context.whatsapp, tenantId);
    const second = await seedNumber(t.pool, t.context.whatsapp, tenantId);
    await t.pool.query('update wa_number set egress_ip_id = $1 where id = any($2::bigint[])', [
      ip,
      [first.numberId, second.numberId],
    ]);
    await t.pool.query('update wa_number set deleted_at = now() where id = $1', [second.numberId]);
    const page = await list(operator.access_token, { search: 'used.example' });
    expect(page.records[0]).toMatchObject({ id: ip, numbers: 1 });
  });
});

describe('changing IPs', () => {
  it('edits the address, credentials and remark, forgetting the last check', async () => {
    const [id] = await add(operator.access_token, {
      host: 'edit.example.com',
      port: 3128,
      username: 'u',
      password: 'p',
    });
    await t.pool.query('update egress_ip set checked_at = now(), check_ok = true, check_ms = 12 where id = $1', [id]);
    const remarkOnly = await post(operator.access_token, '/api/ip/ipedit', { id, remark: 'kept check' });
    expect(remarkOnly.body.data).toMatchObject({ remark: 'kept check', check: { ok: true, ms: 12 } });
    const edited = await post(operator.access_token, '/api/ip/ipedit', {
      id,
      host: 'edit2.example.com',
      password: null,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ message: '更新成功' });
    expect(edited.body.data).toMatchObject({
      host: 'edit2.example.com',
      username: 'u',
      has_password: false,
      check: null,
    });
    const withPassword = await post(operator.access_token, '/api/ip/ipedit', { id, password: 'new' });
    expect(withPassword.body.data.has_password).toBe(true);
    expect(t.context.whatsapp.tokenCipher.decrypt(await sealedPassword(id as string))).toBe('new');

    const [clash] = await add(operator.access_token, { host: 'clash.example.com', port: 3128, username: 'u' });
    const duplicate = await post(operator.access_token, '/api/ip/ipedit', { id: clash, host: 'edit2.example.com' });
    expect(duplicate.status).toBe(409);
    const nothing = await post(operator.access_token, '/api/ip/ipedit', { id });
    expect(nothing.status).toBe(400);
    expect(nothing.body.message).toMatch(/^id: /);
    const badPort = await post(operator.access_token, '/api/ip/ipedit', { id, port: 70000 });
    expect(badPort.body.message).toMatch(/^port: /);
    expect((await post(other.access_token, '/api/ip/ipedit', { id, remark: 'x' })).status).toBe(404);
  });

  it('moves to a group and out, enables and disables', async () => {
    const ids = await add(operator.access_token, { lines: '10.20.0.1:80\n10.20.0.2:80' });
    const group = (await post(operator.access_token, '/api/ip/groupadd', { name: 'Moved' })).body.data.id;
    const moved = await post(operator.access_token, '/api/ip/ipmanage', { ids, groupId: group });
    expect(moved.body.data).toEqual({ count: 2 });
    expect((await list(operator.access_token, { groupId: group })).total).toBe(2);
    await post(operator.access_token, '/api/ip/ipmanage', { ids: [ids[0]], groupId: null, enabled: false });
    const page = await list(operator.access_token, { search: '10.20.0.' });
    expect(page.records.map((ip) => [ip.id, ip.group, ip.enabled])).toEqual([
      [ids[1], { id: group, name: 'Moved' }, true],
      [ids[0], null, false],
    ]);
    await expectBadInput(
      (body) => post(operator.access_token, '/api/ip/ipmanage', body),
      [
        [{ ids }, 'groupId'],
        [{ ids: [], enabled: true }, 'ids'],
        [{ ids, enabled: 1 }, 'enabled'],
      ],
    );
    expect((await post(other.access_token, '/api/ip/ipmanage', { ids, enabled: true })).status).toBe(404);
    const unknownGroup = await t.post('/api/ip/ipmanage', {
      token: operator.access_token,
      body: { ids, groupId: '999999' },
    });
    expect(unknownGroup.status).toBe(404);
    expect(unknownGroup.body.message).toBe('groupId: 分组不存在');
  });

  it('deletes, saying how many numbers lost the IP', async () => {
    const ids = await add(operator.access_token, { lines: '10.30.0.1:80\n10.30.0.2:80' });
    const number = await seedNumber(t.pool, t.context.whatsapp, operator.user_info.tenant_id);
    await t.pool.query('update wa_number set egress_ip_id = $1 where id = $2', [ids[0], number.numberId]);
    expect((await post(other.access_token, '/api/ip/ipdel', { ids })).status).toBe(404);
    const deleted = await post(operator.access_token, '/api/ip/ipdel', { ids: [...ids, '999999'] });
    expect(deleted.body).toMatchObject({ message: '删除成功', data: { count: 2, numbers_unassigned: 1 } });
    const left = await t.pool.query('select egress_ip_id from wa_number where id = $1', [number.numberId]);
    expect(left.rows[0].egress_ip_id).toBeNull();
    expect((await post(operator.access_token, '/api/ip/ipdel', { ids })).status).toBe(404);
  });
});

describe('system IPs', () => {
  it('are managed by the admin; operators list them without credentials and cannot change them', async () => {
    const [id] = await add(admin, {
      scope: 'system',
      host: 'egress.platform.example',
      port: 3128,
      username: 'platform',
      password: 'platform-secret',
    });
    const asAdmin = await list(admin, { scope: 'system' });
    expect(asAdmin.records[0]).toMatchObject({ id, scope: 'system', username: 'platform', has_password: true });

    const asOperator = await post(operator.access_token, '/api/ip/iplist', { scope: 'system' });
    expect(asOperator.body.data.records).toEqual([
      expect.objectContaining({
        id,
        scope: 'system',
        host: 'egress.platform.example',
        username: null,
        has_password: null,
      }),
    ]);
    expect(JSON.stringify(asOperator.body)).not.toMatch(/platform-secret|"platform"/);
    expect((await list(operator.access_token)).records.map((ip) => ip.id)).not.toContain(id);

    const writes: [string, Record<string, unknown>][] = [
      ['/api/ip/ipadd', { scope: 'system', host: 'x.example', port: 1 }],
      ['/api/ip/ipedit', { scope: 'system', id, remark: 'mine' }],
      ['/api/ip/ipdel', { scope: 'system', ids: [id] }],
      ['/api/ip/ipmanage', { scope: 'system', ids: [id], enabled: false }],
      ['/api/ip/efip', { scope: 'system', ids: [id] }],
    ];
    for (const [path, body] of writes) {
      expect((await post(operator.access_token, path, body)).status, path).toBe(403);
      // Named as the operator's own, the system IP does not exist.
      if (path !== '/api/ip/ipadd') {
        expect((await post(operator.access_token, path, { ...body, scope: 'own' })).status, path).toBe(404);
      }
    }
    expect((await list(admin, { scope: 'system' })).records[0]).toMatchObject({ id, enabled: true, remark: '' });
  });

  it('count, for an operator, only the operator’s numbers', async () => {
    const [id] = await add(admin, { scope: 'system', host: 'shared.platform.example', port: 3128 });
    const mine = await seedNumber(t.pool, t.context.whatsapp, operator.user_info.tenant_id);
    const theirs = await seedNumber(t.pool, t.context.whatsapp, other.user_info.tenant_id);
    await t.pool.query('update wa_number set egress_ip_id = $1 where id = any($2::bigint[])', [
      id,
      [mine.numberId, theirs.numberId],
    ]);
    const seen = await post(operator.access_token, '/api/ip/iplist', {
      scope: 'system',
      filters: { search: 'shared.' },
    });
    expect(seen.body.data.records[0]).toMatchObject({ id, numbers: 1 });
    expect((await list(admin, { scope: 'system', search: 'shared.' })).records[0]).toMatchObject({ numbers: 2 });
  });
});
