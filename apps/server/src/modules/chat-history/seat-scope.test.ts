import type { ChatMessage, ConversationSummary } from '@ws/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { addNumber, type SignedIn, signedInSeat, useTenants } from '../../test/tenants.js';
import { useTestApp } from '../../test/test-app.js';
import { seedContact } from '../../test/whatsapp-fixtures.js';
import { insertMessages } from './test-support.js';

// A seat (an agent) sees only the contacts assigned to it and their conversations and messages;
// everything else of its tenant is as unknown to it as another tenant's.
const t = useTestApp();
const { a: owner, b: other, seat } = useTenants(t, 'seatscope');
let secondSeat: SignedIn;
let numberId: string;
const mine: string[] = [];
let theirs: string;
let unassigned: string;
const messageOf = new Map<string, { id: string; createdAt: string }>();

beforeAll(async () => {
  secondSeat = await signedInSeat(t, owner.tenantId);
  numberId = await addNumber(t, owner.tenantId);
  const at = new Date(Date.now() - 60_000);
  const contact = async (waId: string, assignee: string | null) => {
    const id = await seedContact(t.pool, owner.tenantId, { waId, numberId, lastInboundAt: at });
    await t.pool.query('update contact set owner_user_id = $2 where id = $1', [id, assignee]);
    const [messageId] = await insertMessages(t, owner.tenantId, [{ numberId, contactId: id, createdAt: at }]);
    const { rows } = await t.pool.query<{ at: string }>(
      `select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at from message where id = $1`,
      [messageId],
    );
    messageOf.set(id, { id: messageId as string, createdAt: rows[0]?.at as string });
    return id;
  };
  mine.push(await contact('85291000001', seat.userId), await contact('85291000002', seat.userId));
  theirs = await contact('85291000003', secondSeat.userId);
  unassigned = await contact('85291000004', null);
});

const conversations = (token: string) =>
  t.post('/api/message/conversations', { token, body: { pageSize: 50 } }).then((reply) => {
    expect(reply.status).toBe(200);
    return (reply.body.data.records as ConversationSummary[]).map((record) => record.contact_id).sort();
  });
const history = (token: string, query: Record<string, string>) => t.get('/api/message/history', { token, query });
const media = (token: string, contactId: string) =>
  t.get('/api/message/media', {
    token,
    query: { messageId: messageOf.get(contactId)!.id, createdAt: messageOf.get(contactId)!.createdAt },
  });

describe('a seat in the chat history', () => {
  it('lists only the conversations of the contacts assigned to it', async () => {
    expect(await conversations(seat.token)).toEqual([...mine].sort());
    expect(await conversations(secondSeat.token)).toEqual([theirs]);
    expect(await conversations(owner.token)).toEqual([...mine, theirs, unassigned].sort());
    expect(await conversations(other.token)).toEqual([]);
  });

  it("reads its contacts' history; another seat's or an unassigned contact is not found", async () => {
    const own = await history(seat.token, { contactId: mine[0] as string });
    expect(own.status).toBe(200);
    expect(own.body.data.records).toHaveLength(1);
    for (const contactId of [theirs, unassigned]) {
      const reply = await history(seat.token, { contactId });
      expect(reply.status).toBe(404);
      expect(reply.body.message).toMatch(/^contactId: /);
    }
    expect((await history(secondSeat.token, { contactId: theirs })).status).toBe(200);
  });

  it("sees only its own contacts' messages in a number's history", async () => {
    const reply = await history(seat.token, { numberId });
    expect(reply.status).toBe(200);
    const contacts = (reply.body.data.records as ChatMessage[]).map((record) => record.contact_id).sort();
    expect(contacts).toEqual([...mine].sort());
    expect((await history(owner.token, { numberId })).body.data.records).toHaveLength(4);
  });

  it("cannot fetch the media of a message that is not its contacts'", async () => {
    // Its own contact's message is found (a text: no file to fetch); the others are unknown messages.
    expect((await media(seat.token, mine[0] as string)).body.message).toBe('媒体文件不存在');
    for (const contactId of [theirs, unassigned]) {
      const reply = await media(seat.token, contactId);
      expect(reply.status).toBe(404);
      expect(reply.body.message).toBe('消息不存在');
    }
  });

  it('loses a contact the moment it is assigned elsewhere', async () => {
    await t.pool.query('update contact set owner_user_id = $2 where id = $1', [mine[1], secondSeat.userId]);
    expect(await conversations(seat.token)).toEqual([mine[0]]);
    expect((await history(seat.token, { contactId: mine[1] as string })).status).toBe(404);
    await t.pool.query('update contact set owner_user_id = $2 where id = $1', [mine[1], seat.userId]);
  });
});
