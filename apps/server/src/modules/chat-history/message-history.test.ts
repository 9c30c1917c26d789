import type { ChatMessage } from '@ws/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { addNumber, useTenants } from '../../test/tenants.js';
import { useTestApp } from '../../test/test-app.js';
import { seedContact } from '../../test/whatsapp-fixtures.js';
import { encodeCursor } from './cursor.js';
import { insertMessages, type MessageSeed } from './test-support.js';

const t = useTestApp();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms);

const { a: owner, b: other, seat } = useTenants(t);
let tenantId: string;
let numberA: string;
let numberB: string;
let contact: string;
let quietContact: string;
let othersContact: string;
let othersNumber: string;

beforeAll(async () => {
  tenantId = owner.tenantId;
  numberA = await addNumber(t, tenantId);
  numberB = await addNumber(t, tenantId);
  contact = await seedContact(t.pool, tenantId, { waId: '8613800000001', numberId: numberA, lastInboundAt: ago(HOUR) });
  quietContact = await seedContact(t.pool, tenantId, { waId: '8613800000002', numberId: numberA });
  othersNumber = await addNumber(t, other.tenantId);
  othersContact = await seedContact(t.pool, other.tenantId, { waId: '8613800000001' });

  const seeds: MessageSeed[] = [];
  // 40 recent messages, 30 from two months back (past the first month the server looks at),
  // 5 sharing one instant (ordered by id), and 10 with the second number.
  for (let i = 0; i < 40; i += 1)
    seeds.push({ numberId: numberA, contactId: contact, createdAt: ago(i * HOUR + 1000) });
  for (let i = 0; i < 30; i += 1)
    seeds.push({ numberId: numberA, contactId: contact, createdAt: ago(40 * DAY + i * DAY) });
  const instant = ago(3 * DAY);
  for (let i = 0; i < 5; i += 1)
    seeds.push({ numberId: numberA, contactId: contact, createdAt: instant, direction: 'out' });
  for (let i = 0; i < 10; i += 1) seeds.push({ numberId: numberB, contactId: contact, createdAt: ago(i * DAY + 500) });
  for (let i = 0; i < 4; i += 1) seeds.push({ numberId: numberA, contactId: quietContact, createdAt: ago(i * DAY) });
  await insertMessages(t, tenantId, seeds);
  await insertMessages(t, other.tenantId, [{ numberId: othersNumber, contactId: othersContact, createdAt: ago(HOUR) }]);
});

const history = (query: Record<string, string>, token = owner.token) => t.get('/api/message/history', { token, query });

/** The ids of a subject's messages, newest first, as the database orders them. */
async function expectedIds(where: string, values: unknown[]): Promise<string[]> {
  const { rows } = await t.pool.query(
    `select id::text from message where tenant_id = $1 and ${where} order by created_at desc, id desc`,
    [tenantId, ...values],
  );
  return rows.map((row) => row.id);
}

/** Follows next_cursor to the end, checking each page. */
async function pageThrough(query: Record<string, string>, limit: number): Promise<ChatMessage[]> {
  const seen: ChatMessage[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 200; page += 1) {
    const reply = await history({ ...query, limit: String(limit), ...(cursor ? { cursor } : {}) });
    expect(reply.status).toBe(200);
    const { records, next_cursor } = reply.body.data;
    expect(records.length).toBeLessThanOrEqual(limit);
    seen.push(...records);
    if (!next_cursor) return seen;
    expect(records).toHaveLength(limit);
    cursor = next_cursor;
  }
  throw new Error('paging did not end');
}

describe('GET /api/message/history', () => {
  it("pages through a contact's history with every number, newest first, without gaps or repeats", async () => {
    const records = await pageThrough({ contactId: contact }, 30);
    expect(records).toHaveLength(85);
    expect(records.map((record) => record.id)).toEqual(await expectedIds('contact_id = $2', [contact]));
    expect(new Set(records.map((record) => record.id)).size).toBe(85);
    expect(new Set(records.map((record) => record.number_id))).toEqual(new Set([numberA, numberB]));
  });

  it('keeps the order stable across pages of every size', async () => {
    const expected = await expectedIds('contact_id = $2', [contact]);
    for (const limit of [1, 7, 40, 100]) {
      expect((await pageThrough({ contactId: contact }, limit)).map((record) => record.id)).toEqual(expected);
    }
  });

  it("narrows to one number's thread with the contact, or shows a number's whole history", async () => {
    const thread = await pageThrough({ contactId: contact, numberId: numberB }, 30);
    expect(thread.map((record) => record.id)).toEqual(
      await expectedIds('contact_id = $2 and number_id = $3', [contact, numberB]),
    );
    const number = await pageThrough({ numberId: numberA }, 50);
    expect(number.map((record) => record.id)).toEqual(await expectedIds('number_id = $2', [numberA]));
    expect(new Set(number.map((record) => record.contact_wa_id))).toEqual(new Set(['8613800000001', '8613800000002']));
  });

  it('describes each message and the contact and number in the header', async () => {
    const reply = await history({ contactId: contact, numberId: numberA, limit: '1' });
    const { records, contact: header, number } = reply.body.data;
    expect(records[0]).toMatchObject({
      direction: 'in',
      type: 'text',
      status: 'received',
      body: { text: { body: 'hello' } },
      number_id: numberA,
      contact_id: contact,
      contact_wa_id: '8613800000001',
      group_ref: null,
      error_code: null,
    });
    expect(records[0].created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
    expect(header).toMatchObject({
      id: contact,
      wa_id: '8613800000001',
      consent: 'none',
      window_open: true,
      deleted: false,
    });
    expect(Date.parse(header.window_closes_at) - Date.now()).toBeGreaterThan(22 * HOUR);
    expect(number).toMatchObject({ id: numberA, deleted: false });
    expect(number.phone).toMatch(/^1555/);

    const otherThread = await history({ contactId: contact, numberId: numberB });
    expect(otherThread.body.data.contact).toMatchObject({ window_open: false, window_closes_at: null });
    const quiet = await history({ contactId: quietContact });
    expect(quiet.body.data.contact).toMatchObject({ window_open: false });
    expect(quiet.body.data).not.toHaveProperty('number');
  });

  it('defaults to 30 messages', async () => {
    const reply = await history({ contactId: contact });
    expect(reply.body.data.records).toHaveLength(30);
    expect(reply.body.data.next_cursor).toEqual(reply.body.data.records[29].cursor);
  });

  it('returns newer messages oldest first after a given one, for live updates', async () => {
    const first = await history({ contactId: contact, limit: '3' });
    const newest = first.body.data.records[0];
    const none = await history({ contactId: contact, after: newest.cursor });
    expect(none.body.data).toMatchObject({ records: [], next_cursor: null });

    const [later, latest] = await insertMessages(t, tenantId, [
      { numberId: numberA, contactId: contact, createdAt: new Date(Date.now() + 1000), preview: 'later' },
      { numberId: numberA, contactId: contact, createdAt: new Date(Date.now() + 2000), preview: 'latest' },
    ]);
    const fresh = await history({ contactId: contact, after: newest.cursor });
    expect(fresh.body.data.records.map((record: ChatMessage) => record.id)).toEqual([later, latest]);
    expect(fresh.body.data.next_cursor).toBeNull();
    const one = await history({ contactId: contact, after: newest.cursor, limit: '1' });
    expect(one.body.data.records.map((record: ChatMessage) => record.id)).toEqual([later]);
    const rest = await history({ contactId: contact, after: one.body.data.next_cursor });
    expect(rest.body.data.records.map((record: ChatMessage) => record.id)).toEqual([latest]);
    // From an older message, the ones after it include messages already shown (their statuses may have moved).
    const fromThird = await history({ contactId: contact, after: first.body.data.records[2].cursor });
    expect(fromThird.body.data.records.map((record: ChatMessage) => record.id).slice(0, 2)).toEqual(
      first.body.data.records
        .slice(0, 2)
        .reverse()
        .map((record: ChatMessage) => record.id),
    );
    await t.pool.query('delete from message where tenant_id = $1 and id = any($2)', [tenantId, [later, latest]]);
  });

  it('refuses a cursor it did not make, naming the parameter', async () => {
    const tampered = [
      'not a cursor',
      Buffer.from('2025-13-45T00:00:00.000000Z|1').toString('base64url'),
      Buffer.from('2025-02-30T00:00:00.000000Z|1').toString('base64url'),
      Buffer.from('0000-01-01T00:00:00.000000Z|1').toString('base64url'),
      Buffer.from('2025-01-01T00:00:00.000000Z|abc').toString('base64url'),
      Buffer.from('2025-01-01T00:00:00.000000Z|1|2').toString('base64url'),
      Buffer.from("2025-01-01T00:00:00.000000Z'; drop table message; --|1").toString('base64url'),
      Buffer.from('2025-01-01T00:00:00.000000Z|99999999999999999999').toString('base64url'),
      'x'.repeat(201),
    ];
    for (const cursor of tampered) {
      const reply = await history({ contactId: contact, cursor });
      expect(reply.status).toBe(400);
      expect(reply.body.message).toMatch(/^cursor: /);
      const after = await history({ contactId: contact, after: cursor });
      expect(after.status).toBe(400);
      expect(after.body.message).toMatch(/^after: /);
    }
    const valid = encodeCursor({ createdAt: '2025-01-01T00:00:00.000000Z', id: '1' });
    expect((await history({ contactId: contact, cursor: valid })).status).toBe(200);
  });

  it('accepts limits from 1 to 100 only', async () => {
    for (const limit of ['0', '101', '-1', '1.5', 'abc', '']) {
      const reply = await history({ contactId: contact, limit });
      expect(reply.status).toBe(400);
      expect(reply.body.message).toMatch(/^limit: /);
    }
    expect((await history({ contactId: contact, limit: '100' })).body.data.records).toHaveLength(85);
  });

  it('names the field of every other bad input', async () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{}, /^contactId: /],
      [{ contactId: 'abc' }, /^contactId: /],
      [{ numberId: '0' }, /^numberId: /],
      [{ contactId: contact, cursor: 'a', after: 'b' }, /^after: /],
    ];
    for (const [query, message] of cases) {
      const reply = await history(query);
      expect(reply.status).toBe(400);
      expect(reply.body.message).toMatch(message);
    }
  });

  it('needs a signed-in user; a contact not assigned to a seat is unknown to it', async () => {
    expect((await t.get('/api/message/history', { query: { contactId: contact } })).status).toBe(401);
    expect((await history({ contactId: contact }, seat.token)).status).toBe(404);
  });

  it("treats another tenant's contacts and numbers as unknown", async () => {
    const asOther = (query: Record<string, string>) => history(query, other.token);
    const foreign: Record<string, string>[] = [
      { contactId: contact },
      { numberId: numberA },
      { contactId: othersContact, numberId: numberA },
    ];
    for (const query of foreign) {
      const reply = await asOther(query);
      expect(reply.status).toBe(404);
    }
    expect((await asOther({ contactId: '987654321' })).body.message).toBe('contactId: 联系人不存在');
    expect((await history({ contactId: othersContact })).status).toBe(404);
    expect((await history({ numberId: othersNumber })).status).toBe(404);
    const own = await asOther({ contactId: othersContact });
    expect(own.body.data.records).toHaveLength(1);
    expect(own.body.data.records[0].contact_id).toBe(othersContact);
  });
});
