import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, fetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addNumber, addTag, type SignedIn, tenantOperator, useTenants } from '../../test/tenants.js';
import { useTestApp } from '../../test/test-app.js';
import { contactOf, manyContacts, tagContact } from './test-support.js';

const t = useTestApp();
const { a, b, seat } = useTenants(t, 'export');
let numberA: string;
let numberB: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  numberA = await addNumber(t, a.tenantId);
  numberB = await addNumber(t, b.tenantId);
  const vip = await addTag(t, a.tenantId, 'VIP', 'contact');
  const cold = await addTag(t, a.tenantId, 'cold, "old"', 'contact');
  ids.alice = await contactOf(t, a.tenantId, {
    waId: '8613800000001',
    name: '王 Alice',
    numberId: numberA,
    ownerUserId: a.userId,
    optedIn: true,
    source: 'web_form',
    wroteHoursAgo: 1,
  });
  ids.mallory = await contactOf(t, a.tenantId, { waId: '8613800000002', name: '=HYPERLINK("x")', optedOut: true });
  ids.carol = await contactOf(t, a.tenantId, { waId: '447700900003', name: 'Carol', numberId: numberA });
  await tagContact(t, a.tenantId, ids.alice as string, vip);
  await tagContact(t, a.tenantId, ids.alice as string, cold);
  ids.bella = await contactOf(t, b.tenantId, { waId: '8613800000009', name: 'Bella', numberId: numberB });
});

const exportOf = (fixture: SignedIn, body: object, headers: Record<string, string> = {}) =>
  t.post('/api/agent/exportfriends', { token: fixture.token, body, headers });

/** The rows of PostgreSQL's CSV: fields split on commas outside quotes, "" inside quotes is one quote. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  for (const line of text.split('\n').filter(Boolean)) {
    const fields = [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)].map((match) => match[1] ?? '');
    if (fields.at(-1) === '' && line.endsWith(',') === false) fields.pop();
    rows.push(fields.map((field) => (field.startsWith('"') ? field.slice(1, -1).replace(/""/g, '"') : field)));
  }
  return rows;
}

/** The exported wa ids, sorted: the export keeps the order the scan finds rows in. */
const waIds = (text: string) =>
  parseCsv(text.replace(/^\uFEFF/, ''))
    .slice(1)
    .map((row) => row[0])
    .sort();

describe('POST /api/agent/exportfriends', () => {
  it('streams the contacts as CSV with a BOM, a header row and the expected count', async () => {
    const reply = await exportOf(a, {});
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(reply.headers['content-disposition']).toMatch(/^attachment; filename="contacts-\d{8}-\d{6}\.csv"/);
    expect(reply.headers['x-total-count']).toBe('3');
    expect(reply.headers['x-total-capped']).toBe('false');
    const text = reply.body as string;
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parseCsv(text.slice(1));
    expect(header).toEqual([
      'WhatsApp 号',
      '名称',
      '所属号码',
      '归属人',
      '同意状态',
      '同意来源',
      '同意凭证',
      '同意时间 (UTC)',
      '退订时间 (UTC)',
      '退订渠道',
      '标签',
      '最后来信 (UTC)',
      '最后消息 (UTC)',
      '创建时间 (UTC)',
      '用户名',
      '企业范围用户 ID',
    ]);
    expect(rows.map((row) => row[0]).sort()).toEqual(['447700900003', '8613800000001', '8613800000002']);
    const byWaId = (waId: string) => rows.find((row) => row[0] === waId) as string[];
    const [mallory, alice] = [byWaId('8613800000002'), byWaId('8613800000001')];
    const { rows: phones } = await t.pool.query('select phone from wa_number where id = $1', [numberA]);
    expect(alice.slice(0, 7)).toEqual([
      '8613800000001',
      '王 Alice',
      phones[0].phone,
      'export_a',
      'opted_in',
      'web_form',
      'https://example.com/form/consent-record',
    ]);
    expect(alice[7]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(alice[10]).toBe('VIP; cold, "old"');
    expect(alice[11]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    // A name Excel would run as a formula is written as text.
    expect(mallory.slice(1, 5)).toEqual([`'=HYPERLINK("x")`, '', '', 'opted_out']);
    expect(mallory[9]).toBe('stop_keyword');
  });

  it('names the columns in English when asked', async () => {
    const reply = await exportOf(a, {}, { 'accept-language': 'en' });
    expect(parseCsv((reply.body as string).slice(1))[0]?.slice(0, 4)).toEqual([
      'WhatsApp ID',
      'Name',
      'Number',
      'Owner',
    ]);
  });

  it('exports the selected contacts, or those of numbers and filters', async () => {
    const selected = await exportOf(a, { ids: [ids.alice, ids.carol] });
    expect(waIds(selected.body)).toEqual(['447700900003', '8613800000001']);
    expect(selected.headers['x-total-count']).toBe('2');
    expect(waIds((await exportOf(a, { numberIds: [numberA] })).body)).toEqual(['447700900003', '8613800000001']);
    expect(waIds((await exportOf(a, { filters: { consent: 'opted_out' } })).body)).toEqual(['8613800000002']);
    const combined = await exportOf(a, { numberIds: [numberA], filters: { search: 'alice', window: 'open' } });
    expect(waIds(combined.body)).toEqual(['8613800000001']);
  });

  it('records the export in the operation log', async () => {
    await exportOf(a, { filters: { consent: 'opted_in' } });
    const { rows } = await t.pool.query(
      `select username, target from operation_log where action = 'agent.exportfriends' order by id desc limit 1`,
    );
    expect(rows[0]).toEqual({
      username: 'export_a',
      target: 'contacts export of 1 rows: {"filters":{"consent":"opted_in"}}',
    });
  });

  it("never exports another tenant's contacts, whatever the ids, numbers or filters", async () => {
    for (const body of [
      {},
      { ids: [ids.alice, ids.carol] },
      { numberIds: [numberA] },
      { filters: { search: 'Alice' } },
    ]) {
      const reply = await exportOf(b, body);
      expect(reply.status).toBe(200);
      const expected = Object.keys(body).length === 0 ? ['8613800000009'] : [];
      expect(waIds(reply.body), JSON.stringify(body)).toEqual(expected);
      expect(reply.headers['x-total-count']).toBe(String(expected.length));
    }
  });

  it('answers bad input with the JSON 400 naming the field, 401 without a token and 403 for a seat', async () => {
    for (const [body, message] of [
      [{ ids: [] }, /^ids: /],
      [{ numberIds: ['x'] }, /^numberIds\.0: /],
      [{ filters: { consent: 'yes' } }, /^filters\.consent: /],
    ] as const) {
      const reply = await exportOf(a, body);
      expect(reply.status).toBe(400);
      expect(reply.headers['content-type']).toMatch(/^application\/json/);
      expect(reply.body.message).toMatch(message);
    }
    expect((await t.post('/api/agent/exportfriends', { body: {} })).status).toBe(401);
    expect((await t.post('/api/agent/exportfriends', { token: seat.token, body: {} })).status).toBe(403);
  });
});

describe('the export stream', () => {
  let base: string;
  let c: SignedIn;
  const ROWS = 30_000;
  // Our own client sockets, closed before the app stops (the server waits for open ones).
  const agent = new Agent();
  afterAll(() => agent.destroy());
  beforeAll(async () => {
    c = await tenantOperator(t, 'export_many');
    await manyContacts(t, c.tenantId, ROWS);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    base = `http://127.0.0.1:${address.port}`;
  });

  const start = (signal?: AbortSignal) =>
    fetch(`${base}/api/agent/exportfriends`, {
      method: 'POST',
      headers: { token: c.token, 'content-type': 'application/json' },
      body: '{}',
      dispatcher: agent,
      ...(signal ? { signal } : {}),
    });

  it('arrives in chunks as PostgreSQL writes it, every row once', async () => {
    const response = await start();
    expect(response.headers.get('x-total-count')).toBe(String(ROWS));
    const reader = response.body?.getReader();
    if (!reader) throw new Error('no body');
    let chunks = 0;
    const parts: Uint8Array[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks += 1;
      parts.push(value);
    }
    expect(chunks).toBeGreaterThan(5);
    const lines = Buffer.concat(parts).toString('utf8').split('\n').filter(Boolean);
    expect(lines).toHaveLength(ROWS + 1);
    // In the order the scan found them: each of the ROWS bulk contacts once, whatever the plan.
    const numbers = lines.slice(1).map((line) => Number(/^44(\d{11}),Bulk \d+,/.exec(line)?.[1]));
    expect(new Set(numbers).size).toBe(ROWS);
    expect([Math.min(...numbers), Math.max(...numbers)]).toEqual([1, ROWS]);
  });

  it('gives its database connection up when the client goes away', async () => {
    const copies = async () => {
      const { rows } = await t.pool.query(
        `select count(*)::int as n from pg_stat_activity
          where datname = current_database() and state = 'active' and query like 'copy (%'`,
      );
      return rows[0].n as number;
    };
    // More aborted exports than may run at once: each frees its slot and its connection.
    for (let round = 0; round < 6; round += 1) {
      const aborter = new AbortController();
      const response = await start(aborter.signal);
      const reader = response.body?.getReader();
      await reader?.read();
      aborter.abort();
      await reader?.cancel().catch(() => undefined);
    }
    const deadline = Date.now() + 10_000;
    while ((await copies()) > 0 && Date.now() < deadline) await sleep(50);
    expect(await copies()).toBe(0);
    const after = await start();
    expect(after.status).toBe(200);
    expect((await after.text()).split('\n').filter(Boolean)).toHaveLength(ROWS + 1);
  });
});
