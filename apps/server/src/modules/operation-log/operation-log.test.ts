import { calls } from '@ws/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { refusesStrangers } from '../../test/refuses-strangers.js';
import { addTag, useTenants } from '../../test/tenants.js';
import { ADMIN_PASSWORD, useTestApp } from '../../test/test-app.js';
import { TEXT_WINDOW } from './search-operation-log.js';

const t = useTestApp();
const tenants = useTenants(t, 'oplog');
const { a, b } = tenants;
let admin: string;

/** An entry written straight into the log, as `route()` writes them, at a chosen time and address. */
async function entry(
  tenantId: string,
  values: { username: string; action: string; target: string; address: string; at: string },
) {
  await t.pool.query(
    `insert into operation_log (tenant_id, user_id, username, action, target, address, request_id, created_at)
     values ($1, null, $2, $3, $4, $5::inet, 'req-test', $6)`,
    [tenantId, values.username, values.action, values.target, values.address, values.at],
  );
}

beforeAll(async () => {
  admin = (await t.signIn('admin', ADMIN_PASSWORD)).access_token;
  await addTag(t, a.tenantId, 'unused', 'contact');
  // Two calls that change something: their entries are written by route() itself.
  expect((await t.post('/api/tag/add', { token: a.token, body: { kind: 'contact', name: 'Alpha tag' } })).status).toBe(
    200,
  );
  expect((await t.post('/api/tag/add', { token: b.token, body: { kind: 'contact', name: 'Beta tag' } })).status).toBe(
    200,
  );
  await entry(a.tenantId, {
    username: 'oplog_a',
    action: 'link.add',
    target: 'link 7 /l/spring-sale',
    address: '10.1.2.3',
    at: '2026-01-10T08:00:00Z',
  });
  await entry(a.tenantId, {
    username: 'Someone_Else',
    action: 'link.del',
    target: 'links deleted: 7',
    address: '192.168.5.9',
    at: '2026-01-20T08:00:00Z',
  });
  await entry(b.tenantId, {
    username: 'oplog_b',
    action: 'link.add',
    target: 'link 9 /l/spring-sale',
    address: '10.1.9.9',
    at: '2026-01-15T08:00:00Z',
  });
});

const list = (token: string, filters: object = {}, extra: object = {}) =>
  t.post('/api/operation/list', { token, body: { filters, ...extra } });
const actions = (reply: { body: { data: { records: { action: string; target: string | null }[] } } }) =>
  reply.body.data.records.map((record) => `${record.action} ${record.target ?? ''}`);

describe('operation/list', () => {
  it('answers 401 without a token, 403 for a seat, a 400 naming the field', () =>
    refusesStrangers(t, tenants, calls.operationList, {
      valid: () => ({}),
      bad: [
        [{ pageSize: 7 }, 'pageSize'],
        [{ filters: { address: 'not an address' } }, 'filters.address'],
        [{ filters: { address: '10.300' } }, 'filters.address'],
        [{ filters: { action: 'tag add; --' } }, 'filters.action'],
        [{ filters: { from: 'yesterday' } }, 'filters.from'],
        [{ filters: { tenantId: 'x' } }, 'filters.tenantId'],
        [{ filters: { target: 'x'.repeat(201) } }, 'filters.target'],
      ],
    }));

  it('shows an operator their own tenant only, newest first, whatever tenant they name', async () => {
    const reply = await list(a.token);
    expect(reply.status).toBe(200);
    const records = reply.body.data.records as { tenant_id: string; created_at: string; action: string }[];
    expect(records.every((record) => record.tenant_id === a.tenantId)).toBe(true);
    expect(records.map((record) => record.action)).toContain('tag.add');
    expect(records.map((record) => record.created_at)).toEqual(
      records
        .map((r) => r.created_at)
        .sort()
        .reverse(),
    );
    expect(reply.body.data.total_capped).toBe(false);
    const named = await list(a.token, { tenantId: b.tenantId });
    expect(named.body.data.records.every((record: { tenant_id: string }) => record.tenant_id === a.tenantId)).toBe(
      true,
    );
    const bList = await list(b.token);
    expect(bList.body.data.records.every((record: { tenant_id: string }) => record.tenant_id === b.tenantId)).toBe(
      true,
    );
    expect(actions(bList)).toContain('link.add link 9 /l/spring-sale');
  });

  it('shows the platform admin every tenant, or the one it names', async () => {
    const all = await list(admin, { action: 'link.add' });
    expect(all.body.data.records.map((record: { tenant_id: string }) => record.tenant_id).sort()).toEqual(
      [a.tenantId, b.tenantId].sort(),
    );
    const onlyB = await list(admin, { tenantId: b.tenantId });
    expect(onlyB.body.data.records.every((record: { tenant_id: string }) => record.tenant_id === b.tenantId)).toBe(
      true,
    );
    const byName = await list(admin, { username: 'OPLOG_B' });
    expect(byName.body.data.records.length).toBeGreaterThan(0);
    expect(byName.body.data.records.every((record: { username: string }) => record.username === 'oplog_b')).toBe(true);
  });

  it('filters by user, action, target text, address and time', async () => {
    expect(actions(await list(a.token, { username: 'someone_else' }))).toEqual(['link.del links deleted: 7']);
    expect(actions(await list(a.token, { action: 'link.add' }))).toEqual(['link.add link 7 /l/spring-sale']);
    expect(actions(await list(a.token, { target: 'SPRING-sale' }))).toEqual(['link.add link 7 /l/spring-sale']);
    expect(actions(await list(a.token, { target: '100%' }))).toEqual([]);
    expect(actions(await list(a.token, { target: 'link 7 /l/spring' }))).toEqual(['link.add link 7 /l/spring-sale']);
    expect(actions(await list(a.token, { target: 'link 8 /l/spring' }))).toEqual([]);
    // No three letters or digits in a row: no trigram to ask the index for, so the newest entries are read.
    const short = await list(a.token, { target: ': 7' });
    expect(actions(short)).toEqual(['link.del links deleted: 7']);
    expect(short.body.data).toMatchObject({ total: 1, total_capped: false });
    expect(actions(await list(b.token, { target: ': 7' }))).toEqual([]);
    expect(actions(await list(a.token, { address: '10.1.2.3' }))).toEqual(['link.add link 7 /l/spring-sale']);
    expect(actions(await list(a.token, { address: '10.1' }))).toEqual(['link.add link 7 /l/spring-sale']);
    expect(actions(await list(a.token, { address: '192.168.0.0/16' }))).toEqual(['link.del links deleted: 7']);
    expect(actions(await list(a.token, { address: '10.1.2.4' }))).toEqual([]);
    const january = { from: '2026-01-01T00:00:00Z', to: '2026-01-31T23:59:59Z' };
    expect(actions(await list(a.token, january))).toEqual([
      'link.del links deleted: 7',
      'link.add link 7 /l/spring-sale',
    ]);
    expect(actions(await list(a.token, { ...january, to: '2026-01-15T00:00:00Z' }))).toEqual([
      'link.add link 7 /l/spring-sale',
    ]);
  });

  it('pages: the total and the page asked for', async () => {
    const reply = await list(
      a.token,
      { from: '2026-01-01T00:00:00Z', to: '2026-01-31T23:59:59Z' },
      { page: 2, pageSize: 10 },
    );
    expect(reply.body.data).toMatchObject({ total: 2, current: 2, pages: 1, records: [] });
  });

  it('answers a frequent text’s first page with a lower bound, and counts it where it is rare', async () => {
    await t.pool.query(
      `insert into operation_log (tenant_id, username, action, target, created_at)
       select $1, 'oplog_a', 'tag.edit', 'bulk-entry-' || n, now() - n * interval '1 minute' from generate_series(1, 15) n`,
      [a.tenantId],
    );
    const first = await list(a.token, { target: 'BULK-ENTRY' });
    expect(first.body.data).toMatchObject({ total: 11, total_capped: true, pages: 2, current: 1 });
    expect(actions(first)[0]).toBe('tag.edit bulk-entry-1');
    const second = await list(a.token, { target: 'bulk-entry' }, { page: 2 });
    expect(second.body.data).toMatchObject({ total: 15, total_capped: false, pages: 2 });
    expect(actions(second)).toEqual([11, 12, 13, 14, 15].map((n) => `tag.edit bulk-entry-${n}`));
    expect((await list(b.token, { target: 'bulk-entry' })).body.data.total).toBe(0);
  });

  it('finds a text rare past the newest entries through the trigram index, and counts it', async () => {
    // More entries than the text search reads newest first, then two older ones with the text.
    await t.pool.query(
      `insert into operation_log (tenant_id, username, action, target, created_at)
       select $1, 'oplog_b', 'tag.edit', 'filler ' || n, now() - n * interval '1 second' from generate_series(1, $2::int) n`,
      [b.tenantId, TEXT_WINDOW + 5],
    );
    await t.pool.query(
      `insert into operation_log (tenant_id, username, action, target, created_at)
       values ($1, 'oplog_b', 'tag.edit', 'Needle-7731 found', now() - interval '1 day'),
              ($1, 'oplog_b', 'tag.edit', 'needle-7731 again', now() - interval '2 days'),
              ($2, 'oplog_a', 'tag.edit', 'needle-7731 of the other tenant', now() - interval '1 day')`,
      [b.tenantId, a.tenantId],
    );
    const found = await list(b.token, { target: 'NEEDLE-7731' });
    expect(found.body.data).toMatchObject({ total: 2, total_capped: false });
    expect(actions(found)).toEqual(['tag.edit Needle-7731 found', 'tag.edit needle-7731 again']);
    const second = await list(b.token, { target: 'needle-7731' }, { page: 2, pageSize: 10 });
    expect(second.body.data).toMatchObject({ total: 2, records: [] });
    // A frequent text still fills its page from the newest entries.
    expect((await list(b.token, { target: 'filler' })).body.data).toMatchObject({ total: 11, total_capped: true });
  });

  it('keeps the address the server saw for a real call', async () => {
    const reply = await list(a.token, { action: 'tag.add', target: 'Alpha' });
    expect(reply.body.data.records).toHaveLength(1);
    expect(reply.body.data.records[0]).toMatchObject({ username: 'oplog_a', tenant_id: a.tenantId });
    expect(reply.body.data.records[0].address).toMatch(/^[0-9a-f:.]+$/);
  });
});

describe('operation/down', () => {
  it('exports the filtered entries of the caller’s tenant as CSV, and is logged', async () => {
    const reply = await t.post('/api/operation/down', {
      token: a.token,
      body: { format: 'csv', filters: { target: 'spring' } },
    });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toMatch(/text\/csv/);
    // The export's own entry is written before the file is read, so it leads the file.
    const lines = String(reply.body).trim().split('\r\n');
    expect(lines, String(reply.body)).toHaveLength(3);
    expect(lines[1]).toMatch(/,oplog_a,operation\.down,"operation log downloaded as csv/);
    expect(lines[2]).toContain('link 7 /l/spring-sale');
    expect(String(reply.body)).not.toContain('link 9');
  });

  it('exports XLSX, and refuses strangers', async () => {
    const reply = await t.post('/api/operation/down', { token: admin, body: { format: 'xlsx', filters: {} } });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toMatch(/spreadsheetml/);
    await refusesStrangers(t, tenants, calls.operationDown, {
      valid: () => ({ format: 'csv' }),
      bad: [
        [{ format: 'pdf' }, 'format'],
        [{ filters: { address: 'x' } }, 'filters.address'],
      ],
    });
  });
});

describe('operation/retention', () => {
  it('is the platform admin’s to read and set', async () => {
    const read = await t.get('/api/operation/retention', { token: admin });
    expect(read.body.data).toMatchObject({ days: 180, archived: 0 });
    const set = await t.post('/api/operation/setretention', { token: admin, body: { days: 30 } });
    expect(set.status).toBe(200);
    expect(set.body.data.days).toBe(30);
    expect((await t.get('/api/operation/retention', { token: a.token })).status).toBe(403);
    expect((await t.post('/api/operation/setretention', { token: a.token, body: { days: 30 } })).status).toBe(403);
    const bad = await t.post('/api/operation/setretention', { token: admin, body: { days: 3 } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^days: /);
  });
});
