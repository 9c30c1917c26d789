import type { ConversationSummary } from '@ws/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectBadInput } from '../../test/bad-input.js';
import { addNumber, useTenants } from '../../test/tenants.js';
import { useTestApp } from '../../test/test-app.js';
import { seedContact } from '../../test/whatsapp-fixtures.js';
import { insertMessages } from './test-support.js';

const t = useTestApp();
const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms);

const { a: owner, b: other, seat } = useTenants(t);
let tenantId: string;
let numberA: string;
let numberB: string;
const contacts: string[] = [];

beforeAll(async () => {
  tenantId = owner.tenantId;
  numberA = await addNumber(t, tenantId);
  numberB = await addNumber(t, tenantId);
  // 12 contacts who wrote to number A, an hour apart (contact 0 most recently); contact 3 also to B.
  for (let i = 0; i < 12; i += 1) {
    const at = ago(i * HOUR + 1000);
    const id = await seedContact(t.pool, tenantId, {
      waId: `85290000${String(i).padStart(3, '0')}`,
      numberId: numberA,
      lastInboundAt: at,
    });
    contacts.push(id);
    await insertMessages(t, tenantId, [
      { numberId: numberA, contactId: id, createdAt: at, preview: `hello from ${i}` },
    ]);
  }
  await t.pool.query(`update contact set name = 'Ada Lovelace' where id = $1`, [contacts[5]]);
  await t.pool.query(
    `insert into conversation (tenant_id, number_id, contact_id, last_inbound_at, last_message_at)
     values ($1, $2, $3, $4, $4)`,
    [tenantId, numberB, contacts[3], ago(30 * HOUR)],
  );
  const foreignNumber = await addNumber(t, other.tenantId);
  await seedContact(t.pool, other.tenantId, {
    waId: '85290000000',
    numberId: foreignNumber,
    lastInboundAt: ago(1000),
  });
});

/** The list call with its paging and, inside `filters`, everything else of `request`. */
const conversations = ({ page, pageSize, ...filters }: Record<string, unknown>, token = owner.token) =>
  t.post('/api/message/conversations', { token, body: { page, pageSize, filters } });
const pairs = (records: ConversationSummary[]) => records.map((record) => `${record.contact_id}@${record.number_id}`);

describe('POST /api/message/conversations', () => {
  it('lists conversations, most recent first, with their contact, number and last message', async () => {
    const first = await conversations({ page: 1, pageSize: 10 });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ total: 13, size: 10, current: 1, pages: 2, total_capped: false });
    expect(first.body.data.records[0]).toMatchObject({
      contact_id: contacts[0],
      contact_wa_id: '85290000000',
      number_id: numberA,
      window_open: true,
      unread: 0,
      preview: 'hello from 0',
      number_deleted: false,
      contact_deleted: false,
    });
    const second = await conversations({ page: 2, pageSize: 10 });
    const all = [...first.body.data.records, ...second.body.data.records];
    expect(pairs(all)).toEqual([...contacts.map((id) => `${id}@${numberA}`), `${contacts[3]}@${numberB}`]);
    expect(all.at(-1)).toMatchObject({ window_open: false, preview: '' });
  });

  it("filters by number and by the contact's wa_id or name, literally", async () => {
    const onB = await conversations({ numberId: numberB });
    expect(pairs(onB.body.data.records)).toEqual([`${contacts[3]}@${numberB}`]);
    const byName = await conversations({ search: 'lovelace' });
    expect(pairs(byName.body.data.records)).toEqual([`${contacts[5]}@${numberA}`]);
    const byWaId = await conversations({ search: '90000003' });
    expect(byWaId.body.data.total).toBe(2);
    expect((await conversations({ search: '%' })).body.data.total).toBe(0);
    expect((await conversations({ search: '   ' })).body.data.total).toBe(13);
  });

  it('keeps contacts in the recycle bin listed, flagged', async () => {
    await t.pool.query('update contact set deleted_at = now() where id = $1', [contacts[11]]);
    const last = await conversations({ page: 2, pageSize: 10 });
    expect(last.body.data.records.find((r: ConversationSummary) => r.contact_id === contacts[11])).toMatchObject({
      contact_deleted: true,
    });
    await t.pool.query('update contact set deleted_at = null where id = $1', [contacts[11]]);
  });

  it('names bad input', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ pageSize: 20 }, /^pageSize: /],
      [{ page: 0 }, /^page: /],
      [{ numberId: 'abc' }, /^filters\.numberId: /],
      [{ search: 'x'.repeat(65) }, /^filters\.search: /],
      [{ search: 5 }, /^filters\.search: /],
    ];
    await expectBadInput(conversations, cases);
  });

  it('needs a signed-in user, shows a seat none it is not assigned, and never shows another tenant', async () => {
    expect((await t.post('/api/message/conversations', { body: {} })).status).toBe(401);
    expect((await conversations({}, seat.token)).body.data).toMatchObject({ total: 0, records: [] });
    const theirs = await conversations({ pageSize: 200 }, other.token);
    expect(theirs.body.data.total).toBe(1);
    expect(theirs.body.data.records[0].contact_wa_id).toBe('85290000000');
    expect((await conversations({ numberId: numberA }, other.token)).body.data).toMatchObject({
      total: 0,
      records: [],
    });
  });
});
