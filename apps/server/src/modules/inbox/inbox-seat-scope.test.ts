import { beforeAll, describe, expect, it } from 'vitest';
import { hubCaughtUp, signedInSocket } from '../../test/realtime-client.js';
import { type SignedIn, signedInSeat } from '../../test/tenants.js';
import {
  conversationWith,
  customersWrite,
  eventsSince,
  type InboxNumber,
  inboxNumber,
  lastEventId,
  newCustomer,
  presence,
  serve,
  useInboxApp,
} from './test-support.js';

// A seat's inbox holds the conversations assigned to it and those waiting unassigned on the
// numbers it serves; everything else of its tenant is as unknown to it as another tenant's.
const { t, a: operator, b: other } = useInboxApp('inboxscope');
let seatA: SignedIn;
let seatB: SignedIn;
let shared: InboxNumber;
let onlyB: InboxNumber;
const ids = { mineA: '', mineB: '', queueShared: '', queueOnlyB: '', otherTenant: '' };
let mineAContact: string;

beforeAll(async () => {
  seatA = await signedInSeat(t, operator.tenantId);
  seatB = await signedInSeat(t, operator.tenantId);
  shared = await inboxNumber(t, operator.tenantId);
  onlyB = await inboxNumber(t, operator.tenantId);
  await serve(t, operator, seatA, [shared.numberId], 1);
  await serve(t, operator, seatB, [shared.numberId, onlyB.numberId], 1);
  // A is online first, so the first conversation is its; then B, then both are full.
  await presence(t, seatA, 'online');
  const [a, b, q1, q2] = [newCustomer(), newCustomer(), newCustomer(), newCustomer()];
  await customersWrite(t, shared, [{ waId: a }]);
  await presence(t, seatB, 'online');
  await customersWrite(t, shared, [{ waId: b }, { waId: q1 }]);
  await customersWrite(t, onlyB, [{ waId: q2 }]);
  const mineA = await conversationWith(t, shared, a);
  ids.mineA = mineA.id;
  mineAContact = mineA.contact_id;
  ids.mineB = (await conversationWith(t, shared, b)).id;
  ids.queueShared = (await conversationWith(t, shared, q1)).id;
  ids.queueOnlyB = (await conversationWith(t, onlyB, q2)).id;
  expect(mineA.assignee_user_id).toBe(seatA.userId);
  expect((await conversationWith(t, shared, b)).assignee_user_id).toBe(seatB.userId);
  expect((await conversationWith(t, shared, q1)).assignee_user_id).toBeNull();
  expect((await conversationWith(t, onlyB, q2)).assignee_user_id).toBeNull();
  // The contact of A's conversation belongs to B in the console's sense: the inbox does not care.
  await t.pool.query('update contact set owner_user_id = $2 where id = $1', [mineAContact, seatB.userId]);
  const foreign = await inboxNumber(t, other.tenantId);
  const stranger = newCustomer();
  await customersWrite(t, foreign, [{ waId: stranger }]);
  ids.otherTenant = (await conversationWith(t, foreign, stranger)).id;
});

const listed = async (agent: SignedIn, queue: 'all' | 'mine' | 'unassigned' = 'all', status?: string) => {
  const reply = await t.post('/api/inbox/list', {
    token: agent.token,
    body: { pageSize: 50, filters: { queue, status } },
  });
  expect(reply.status).toBe(200);
  return (reply.body.data.records as { id: string }[]).map((row) => row.id).sort();
};
const sorted = (...list: string[]) => [...list].sort();

describe("a seat's inbox", () => {
  it('lists its own conversations and the waiting ones of its numbers, nothing else', async () => {
    expect(await listed(seatA)).toEqual(sorted(ids.mineA, ids.queueShared));
    expect(await listed(seatA, 'mine')).toEqual([ids.mineA]);
    expect(await listed(seatA, 'unassigned')).toEqual([ids.queueShared]);
    expect(await listed(seatB)).toEqual(sorted(ids.mineB, ids.queueShared, ids.queueOnlyB));
    expect(await listed(operator)).toEqual(sorted(ids.mineA, ids.mineB, ids.queueShared, ids.queueOnlyB));
    expect(await listed(other)).toEqual([ids.otherTenant]);
    expect(await listed(operator, 'unassigned')).toEqual(sorted(ids.queueShared, ids.queueOnlyB));
    expect(await listed(seatA, 'all', 'open')).toEqual(sorted(ids.mineA, ids.queueShared));
    expect(await listed(seatA, 'all', 'pending')).toEqual([]);
    expect(await listed(seatA, 'unassigned', 'resolved')).toEqual([]);
    const counted = await t.post('/api/inbox/list', { token: seatB.token, body: { pageSize: 10 } });
    expect(counted.body.data).toMatchObject({ total: 3, total_capped: false });
  });

  it("never opens, reads, notes, resolves or answers another seat's conversation, a number it does not serve, or another tenant's", async () => {
    const calls = ['open', 'viewing', 'notes', 'assignments', 'resolve', 'reopen', 'templates'];
    for (const id of [ids.mineB, ids.queueOnlyB, ids.otherTenant]) {
      for (const call of calls) {
        const reply = await t.post(`/api/inbox/${call}`, { token: seatA.token, body: { conversationId: id } });
        expect(reply.status, `${call} ${id}`).toBe(404);
        expect(reply.body.message).toBe('conversationId: 会话不存在');
      }
      const writes = [
        ['note/add', { conversationId: id, text: 'x' }],
        ['send', { conversationId: id, content: { type: 'text', text: 'x' } }],
        ['snooze', { conversationId: id, until: new Date(Date.now() + 60_000).toISOString() }],
        ['assign', { conversationId: id, assigneeUserId: seatA.userId }],
      ] as const;
      for (const [call, body] of writes) {
        const reply = await t.post(`/api/inbox/${call}`, { token: seatA.token, body });
        expect(reply.status, `${call} ${id}`).toBe(404);
      }
      const messages = await t.get('/api/inbox/messages', { token: seatA.token, query: { conversationId: id } });
      expect(messages.status).toBe(404);
    }
  });

  it('cannot take a conversation waiting on a number it does not serve, nor one of another tenant', async () => {
    for (const id of [ids.queueOnlyB, ids.otherTenant]) {
      const reply = await t.post('/api/inbox/take', { token: seatA.token, body: { conversationId: id } });
      expect(reply.status).toBe(404);
    }
    // B's own conversation on a number A serves: taken already.
    expect((await t.post('/api/inbox/take', { token: seatA.token, body: { conversationId: ids.mineB } })).status).toBe(
      409,
    );
  });

  it("reads its conversation's messages whoever owns the contact; the console's history still follows the owner", async () => {
    const inbox = await t.get('/api/inbox/messages', { token: seatA.token, query: { conversationId: ids.mineA } });
    expect(inbox.status).toBe(200);
    expect(inbox.body.data.records).toHaveLength(1);
    const history = await t.get('/api/message/history', { token: seatA.token, query: { contactId: mineAContact } });
    expect(history.status).toBe(404);
    expect(
      (await t.get('/api/message/history', { token: seatB.token, query: { contactId: mineAContact } })).status,
    ).toBe(200);
  });

  it("addresses a conversation's events to its agent and its number's agents only", async () => {
    const since = await lastEventId(t);
    const { rows } = await t.pool.query<{ wa_id: string }>(
      'select c.wa_id from conversation v join contact c on c.id = v.contact_id where v.id = $1',
      [ids.queueOnlyB],
    );
    await customersWrite(t, onlyB, [{ waId: rows[0]?.wa_id as string }]);
    const [created] = await eventsSince(t, operator.tenantId, 'message.created', since);
    expect(created?.assignee_ids).toContain(seatB.userId);
    expect(created?.assignee_ids).not.toContain(seatA.userId);
  });

  it("fetches media only of its conversations' own messages", async () => {
    const keyOf = async (conversationId: string) => {
      const { rows } = await t.pool.query<{ id: string; at: string }>(
        `select m.id::text, to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at
           from message m join conversation v on v.tenant_id = m.tenant_id and v.number_id = m.number_id
                                              and v.contact_id = m.contact_id
          where v.id = $1 limit 1`,
        [conversationId],
      );
      return { messageId: rows[0]?.id as string, createdAt: rows[0]?.at as string };
    };
    const media = (conversationId: string, key: { messageId: string; createdAt: string }) =>
      t.get('/api/inbox/media', { token: seatA.token, query: { conversationId, ...key } });
    // Its own conversation's message is found (a text: no file to fetch).
    expect((await media(ids.mineA, await keyOf(ids.mineA))).body.message).toBe('媒体文件不存在');
    // Another conversation's message named through its own conversation is unknown.
    const elsewhere = await media(ids.mineA, await keyOf(ids.mineB));
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.message).toBe('消息不存在');
    const theirs = await media(ids.mineB, await keyOf(ids.mineB));
    expect(theirs.body.message).toBe('conversationId: 会话不存在');
  });

  it('reach over the socket only the agents the conversation concerns', async () => {
    // A socket without a last event starts where the hub has read to, and the events of the steps
    // before (B's message.created and conversation.updated just above) may not be read yet: the
    // hub reads only below every open transaction of the server, other test files' included.
    await hubCaughtUp(t);
    const [socketA, socketB] = await Promise.all([signedInSocket(t, seatA.token), signedInSocket(t, seatB.token)]);
    const { rows } = await t.pool.query<{ wa_id: string }>(
      'select c.wa_id from conversation v join contact c on c.id = v.contact_id where v.id = $1',
      [ids.queueOnlyB],
    );
    await customersWrite(t, onlyB, [{ waId: rows[0]?.wa_id as string }]);
    await socketB.until(() => socketB.events().some((message) => message.event.type === 'message.created'));
    await hubCaughtUp(t);
    expect(socketB.events().map((message) => message.event.type)).toEqual(['message.created', 'conversation.updated']);
    expect(socketA.events()).toEqual([]);
    socketA.close();
    socketB.close();
  });

  it('loses a conversation the moment it is given to another agent', async () => {
    const moved = await t.post('/api/inbox/assign', {
      token: operator.token,
      body: { conversationId: ids.mineA, assigneeUserId: seatB.userId, note: 'cover' },
    });
    // B is full (cap 1): even an operator cannot pass the cap.
    expect(moved.status).toBe(409);
    await t.post('/api/inbox/resolve', { token: seatB.token, body: { conversationId: ids.mineB } });
    const now = await t.post('/api/inbox/assign', {
      token: operator.token,
      body: { conversationId: ids.mineA, assigneeUserId: seatB.userId, note: 'cover' },
    });
    expect(now.status).toBe(200);
    expect(await listed(seatA)).toEqual([ids.queueShared]);
    expect((await t.post('/api/inbox/open', { token: seatA.token, body: { conversationId: ids.mineA } })).status).toBe(
      404,
    );
  });
});
