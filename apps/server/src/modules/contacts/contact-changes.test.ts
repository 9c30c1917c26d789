import { type CallDefinition, calls } from '@ws/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BadInput } from '../../test/bad-input.js';
import { refusesStrangers, type StrangerCase } from '../../test/refuses-strangers.js';
import { addNumber, addTag, useTenants } from '../../test/tenants.js';
import { useTestApp } from '../../test/test-app.js';
import { contactOf, tagContact } from './test-support.js';

const t = useTestApp();
const tenants = useTenants(t, 'changes');
const { a, b, seat } = tenants;
let numberA: string;
let numberB: string;
let contactB: string;
let tagA: string;
let tagB: string;

beforeAll(async () => {
  numberA = await addNumber(t, a.tenantId);
  numberB = await addNumber(t, b.tenantId);
  contactB = await contactOf(t, b.tenantId, { waId: '4915100000001', name: 'Berta', numberId: numberB });
  tagA = await addTag(t, a.tenantId, 'A tag', 'contact');
  tagB = await addTag(t, b.tenantId, 'B tag', 'contact');
  await tagContact(t, b.tenantId, contactB, tagB);
});

let waCounter = 0;
/** Contacts of tenant A on a number, each with a fresh wa_id. */
async function contactsOn(numberId: string | undefined, count: number): Promise<string[]> {
  const made: string[] = [];
  for (let index = 0; index < count; index += 1) {
    waCounter += 1;
    made.push(
      await contactOf(t, a.tenantId, {
        waId: `3361200${String(waCounter).padStart(5, '0')}`,
        name: `c${waCounter}`,
        ...(numberId ? { numberId } : {}),
      }),
    );
  }
  return made;
}

const post = (path: string, body: object, token = a.token) => t.post(path, { token, body });

async function tally(tenantId: string, numberId: string): Promise<number> {
  const { rows } = await t.pool.query('select contacts from contact_tally where tenant_id = $1 and number_id = $2', [
    tenantId,
    numberId,
  ]);
  return Number(rows[0]?.contacts ?? 0);
}

async function tagCount(tagId: string): Promise<number> {
  const { rows } = await t.pool.query('select item_count from tag where id = $1', [tagId]);
  return rows[0]?.item_count;
}

async function lastLog(action: string) {
  const { rows } = await t.pool.query(
    'select tenant_id, username, target from operation_log where action = $1 order by id desc limit 1',
    [action],
  );
  return rows[0];
}

async function contactRow(id: string) {
  const { rows } = await t.pool.query('select number_id, owner_user_id, deleted_at from contact where id = $1', [id]);
  return rows[0];
}

/** The same refusals for every batch call (see test/refuses-strangers.ts). */
function refuses(
  call: CallDefinition,
  valid: () => object,
  bad: BadInput[],
  onlyStrangers?: StrangerCase['onlyStrangers'],
) {
  it('answers 401 without a token, 403 for a seat, a 400 naming the field, a 404 for only strangers', () =>
    refusesStrangers(t, tenants, call, { valid, bad, onlyStrangers }));
}

describe('POST /api/friend/btdel', () => {
  it('soft-deletes the contacts, untags them, keeps the roll-ups right and logs it', async () => {
    const number = await addNumber(t, a.tenantId);
    const tag = await addTag(t, a.tenantId, 'to delete', 'contact');
    const [first, second, kept] = (await contactsOn(number, 3)) as [string, string, string];
    for (const id of [first, second, kept]) await tagContact(t, a.tenantId, id, tag);
    expect(await tally(a.tenantId, number)).toBe(3);

    const reply = await post('/api/friend/btdel', { ids: [first, second, second, contactB, '999999999'] });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ code: 0, message: '删除成功', data: { count: 2 } });
    expect((await contactRow(first)).deleted_at).not.toBeNull();
    expect((await contactRow(kept)).deleted_at).toBeNull();
    expect(await tally(a.tenantId, number)).toBe(1);
    expect(await tagCount(tag)).toBe(1);
    expect(await lastLog('friend.btdel')).toEqual({
      tenant_id: a.tenantId,
      username: 'changes_a',
      target: `2 contacts deleted: ${first},${second},${contactB},999999999`,
    });
    // Deleting again changes nothing.
    // Nothing left to delete: a 404 naming the field, like ids that never existed.
    const again = await post('/api/friend/btdel', { ids: [first] });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('ids: 联系人不存在');
    // Another tenant's contact is untouched.
    expect((await contactRow(contactB)).deleted_at).toBeNull();
    expect(await tagCount(tagB)).toBe(1);
  });

  refuses(
    calls.deleteContacts,
    () => ({ ids: ['1'] }),
    [
      [{}, /^ids: /],
      [{ ids: [] }, /^ids: /],
      [{ ids: ['x'] }, /^ids\.0: /],
      [{ ids: Array.from({ length: 10_001 }, (_, index) => String(index + 1)) }, /^ids: /],
    ],
    { body: () => ({ ids: [contactB, '999999999'] }), field: 'ids' },
  );
});

describe('POST /api/friend/clear', () => {
  it("deletes every contact of the tenant's given numbers, and only those", async () => {
    const [cleared, other] = [await addNumber(t, a.tenantId), await addNumber(t, a.tenantId)];
    const tag = await addTag(t, a.tenantId, 'cleared', 'contact');
    const gone = await contactsOn(cleared, 4);
    const [kept] = (await contactsOn(other, 1)) as [string];
    await tagContact(t, a.tenantId, gone[0] as string, tag);
    const reply = await post('/api/friend/clear', { numberIds: [cleared, numberB] });
    expect(reply.body).toMatchObject({ message: '删除成功', data: { count: 4 } });
    expect(await tally(a.tenantId, cleared)).toBe(0);
    expect(await tally(a.tenantId, other)).toBe(1);
    expect(await tagCount(tag)).toBe(0);
    expect((await contactRow(kept)).deleted_at).toBeNull();
    expect(await tally(b.tenantId, numberB)).toBe(1);
    expect((await lastLog('friend.clear')).target).toBe(`4 contacts deleted of numbers: ${cleared},${numberB}`);
  });

  refuses(
    calls.clearNumbersContacts,
    () => ({ numberIds: ['1'] }),
    [
      [{}, /^numberIds: /],
      [{ numberIds: [] }, /^numberIds: /],
      [{ numberIds: ['-1'] }, /^numberIds\.0: /],
    ],
    { body: () => ({ numberIds: [numberB] }), field: 'numberIds' },
  );
});

describe('POST /api/agent/movefriend', () => {
  it('moves the selected contacts to another number and owner of the tenant', async () => {
    const [from, to] = [await addNumber(t, a.tenantId), await addNumber(t, a.tenantId)];
    const [first, second, stay] = (await contactsOn(from, 3)) as [string, string, string];
    const owner = a.userId;
    const reply = await post('/api/agent/movefriend', {
      ids: [first, second, contactB],
      numberId: to,
      ownerUserId: owner,
    });
    expect(reply.body).toMatchObject({ message: '更新成功', data: { count: 2 } });
    expect(await contactRow(first)).toMatchObject({ number_id: to, owner_user_id: owner });
    expect(await contactRow(stay)).toMatchObject({ number_id: from, owner_user_id: null });
    expect([await tally(a.tenantId, from), await tally(a.tenantId, to)]).toEqual([1, 2]);
    expect((await contactRow(contactB)).number_id).toBe(numberB);
    expect((await lastLog('agent.movefriend')).target).toBe(
      `2 contacts moved to number ${to} and owner ${owner}: ${first},${second},${contactB}`,
    );
    // Only the owner: the number stays.
    const seatId = seat.userId;
    expect((await post('/api/agent/movefriend', { ids: [stay], ownerUserId: seatId })).body.data.count).toBe(1);
    expect(await contactRow(stay)).toMatchObject({ number_id: from, owner_user_id: seatId });
  });

  it("refuses another tenant's number or user, and a recycled number, as not found", async () => {
    const [contact] = (await contactsOn(undefined, 1)) as [string];
    const recycled = await addNumber(t, a.tenantId);
    await t.pool.query('update wa_number set deleted_at = now() where id = $1', [recycled]);
    for (const [body, message] of [
      [{ numberId: numberB }, 'numberId: 号码不存在'],
      [{ numberId: recycled }, 'numberId: 号码不存在'],
      [{ numberId: '999999999' }, 'numberId: 号码不存在'],
      [{ ownerUserId: b.userId }, 'ownerUserId: 用户不存在'],
    ] as const) {
      const reply = await post('/api/agent/movefriend', { ids: [contact], ...body });
      expect(reply.status, JSON.stringify(body)).toBe(404);
      expect(reply.body.message).toBe(message);
    }
    expect((await contactRow(contact)).number_id).toBeNull();
  });

  refuses(
    calls.moveContacts,
    () => ({ ids: ['1'], ownerUserId: '1' }),
    [
      [{ ids: ['1'] }, /^numberId: give numberId or ownerUserId/],
      [{ ids: [], numberId: '1' }, /^ids: /],
      [{ ids: ['1'], numberId: 'one' }, /^numberId: /],
      [{ ids: ['1'], ownerUserId: 5 }, /^ownerUserId: /],
    ],
    { body: () => ({ ids: [contactB], numberId: numberA }), field: 'ids' },
  );
});

describe('POST /api/agent/batchmovefriend', () => {
  it("moves every live contact of the tenant's numbers in one statement", async () => {
    const [from1, from2, to] = [
      await addNumber(t, a.tenantId),
      await addNumber(t, a.tenantId),
      await addNumber(t, a.tenantId),
    ];
    await contactsOn(from1, 3);
    const [deleted] = (await contactsOn(from2, 2)) as [string, string];
    await t.pool.query('update contact set deleted_at = now() where id = $1', [deleted]);
    const reply = await post('/api/agent/batchmovefriend', { fromNumberIds: [from1, from2, numberB], toNumberId: to });
    expect(reply.body).toMatchObject({ message: '更新成功', data: { count: 4 } });
    expect([await tally(a.tenantId, from1), await tally(a.tenantId, from2), await tally(a.tenantId, to)]).toEqual([
      0, 0, 4,
    ]);
    expect((await contactRow(deleted)).number_id).toBe(from2);
    expect(await tally(b.tenantId, numberB)).toBe(1);
    expect((await lastLog('agent.batchmovefriend')).target).toBe(
      `4 contacts moved to number ${to} from numbers: ${from1},${from2},${numberB}`,
    );
  });

  it("refuses another tenant's target number as not found", async () => {
    const from = await addNumber(t, a.tenantId);
    const reply = await post('/api/agent/batchmovefriend', { fromNumberIds: [from], toNumberId: numberB });
    expect(reply.status).toBe(404);
    expect(reply.body.message).toBe('toNumberId: 号码不存在');
    // Nor can B pull A's contacts onto its own number.
    const pull = await post('/api/agent/batchmovefriend', { fromNumberIds: [from], toNumberId: numberB }, b.token);
    expect(pull.status).toBe(404);
    expect(pull.body.message).toBe('fromNumberIds: 号码不存在');
  });

  refuses(
    calls.moveNumbersContacts,
    () => ({ fromNumberIds: ['1'], toNumberId: '2' }),
    [
      [{ toNumberId: '2' }, /^fromNumberIds: /],
      [{ fromNumberIds: ['1'] }, /^toNumberId: /],
      [{ fromNumberIds: ['1', '2'], toNumberId: '2' }, /^toNumberId: must not be one of fromNumberIds/],
    ],
    { body: () => ({ fromNumberIds: [numberB, '999999999'], toNumberId: numberA }), field: 'fromNumberIds' },
  );
});

describe('POST /api/friend/settag', () => {
  it('adds and removes contact tags of the tenant, keeping tag counts', async () => {
    const [vip, cold] = [
      await addTag(t, a.tenantId, 'vip2', 'contact'),
      await addTag(t, a.tenantId, 'cold2', 'contact'),
    ];
    const [first, second] = (await contactsOn(undefined, 2)) as [string, string];
    await tagContact(t, a.tenantId, first, cold);
    const reply = await post('/api/friend/settag', {
      ids: [first, second, contactB],
      addTagIds: [vip],
      removeTagIds: [cold],
    });
    expect(reply.body).toMatchObject({ message: '更新成功', data: { count: 2 } });
    expect([await tagCount(vip), await tagCount(cold)]).toEqual([2, 0]);
    expect((await lastLog('friend.settag')).target).toBe(
      `2 contacts tagged +[${vip}] -[${cold}]: ${first},${second},${contactB}`,
    );
    // Adding a tag a contact already has changes nothing.
    await post('/api/friend/settag', { ids: [first], addTagIds: [vip] });
    expect(await tagCount(vip)).toBe(2);
    const { rows } = await t.pool.query('select count(*)::int as n from contact_tag where contact_id = $1', [contactB]);
    expect(rows[0].n).toBe(1);
  });

  it('tags with the same tag from many requests at once, none failing', async () => {
    const shared = await addTag(t, a.tenantId, 'busy tag', 'contact');
    const contacts = await contactsOn(undefined, 8);
    const replies = await Promise.all(
      contacts.map((id) => post('/api/friend/settag', { ids: [id], addTagIds: [shared] })),
    );
    expect(replies.map((reply) => reply.status)).toEqual(contacts.map(() => 200));
    expect(await tagCount(shared)).toBe(contacts.length);
    const { rows } = await t.pool.query(
      'select count(*)::int as n from contact_tag_names where tenant_id = $1 and contact_id = any($2::bigint[])',
      [a.tenantId, contacts],
    );
    expect(rows[0].n).toBe(contacts.length);
  });

  it("refuses another tenant's tag and number tags as not found", async () => {
    const [contact] = (await contactsOn(undefined, 1)) as [string];
    const numberTag = await addTag(t, a.tenantId, 'a number tag', 'number');
    for (const [body, message] of [
      [{ addTagIds: [tagB] }, 'addTagIds: 标签不存在'],
      [{ removeTagIds: [tagB] }, 'removeTagIds: 标签不存在'],
      [{ addTagIds: [numberTag] }, 'addTagIds: 标签不存在'],
    ] as const) {
      const reply = await post('/api/friend/settag', { ids: [contact], ...body });
      expect(reply.status).toBe(404);
      expect(reply.body.message).toBe(message);
    }
    expect(await tagCount(tagB)).toBe(1);
  });

  refuses(
    calls.tagContacts,
    () => ({ ids: ['1'], addTagIds: ['1'] }),
    [
      [{ ids: ['1'] }, /^addTagIds: give addTagIds or removeTagIds/],
      [{ ids: ['1'], addTagIds: ['2'], removeTagIds: ['2'] }, /^removeTagIds: /],
      [{ ids: ['1'], addTagIds: 'all' }, /^addTagIds: /],
      [{ addTagIds: ['1'] }, /^ids: /],
    ],
    { body: () => ({ ids: [contactB], addTagIds: [tagA] }), field: 'ids' },
  );
});
