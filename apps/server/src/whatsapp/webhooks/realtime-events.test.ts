import { beforeAll, describe, expect, it } from 'vitest';
import { hubCaughtUp, signedInSocket, type TestSocket } from '../../test/realtime-client.js';
import { type SignedIn, signedInSeat, useTenants } from '../../test/tenants.js';
import { useTestApp } from '../../test/test-app.js';
import {
  changePayload,
  deliver,
  EXAMPLE_WABA_ID,
  inboundPayload,
  insertOutbound,
  recentUnix,
  rows,
  type SeededNumber,
  seedNumber,
  statusesPayload,
  WEBHOOK_ENV,
} from './test-support.js';

const t = useTestApp(WEBHOOK_ENV);
const { a, b } = useTenants(t, 'wrt');
const PHONE_NUMBER_ID = '200000000000091';
let number: SeededNumber;
let seat: SignedIn;

beforeAll(async () => {
  number = await seedNumber(t, { tenantId: a.tenantId, phoneNumberId: PHONE_NUMBER_ID, wabaId: EXAMPLE_WABA_ID });
  seat = await signedInSeat(t, a.tenantId);
});

const typesOf = (socket: TestSocket) => socket.events().map((message) => message.event.type);
const inbound = (from: string, id: string) =>
  inboundPayload(PHONE_NUMBER_ID, from, [{ id, timestamp: String(recentUnix()), type: 'text', text: { body: 'hi' } }]);

describe('realtime events of the webhook intake', () => {
  it('tells the tenant of each inbound message and status, and a seat those of the contacts assigned to it', async () => {
    const [operator, agent, stranger] = await Promise.all([
      signedInSocket(t, a.token),
      signedInSocket(t, seat.token),
      signedInSocket(t, b.token),
    ]);
    // Built once: a redelivery is the same payload, timestamp included (one built a second later
    // would be another message to the intake, whose key holds Meta's timestamp).
    const first = inbound('15550009001', 'wamid.rt.1');
    await deliver(t, first);
    await operator.until(() => operator.events().length === 2);
    const [created, conversation] = operator.events().map((message) => message.event);
    const [stored] = await rows<{ id: string; contact_id: string }>(
      t.pool,
      `select id::text, contact_id::text from message where tenant_id = $1 and meta_message_id = 'wamid.rt.1'`,
      [a.tenantId],
    );
    expect(created).toEqual({
      type: 'message.created',
      data: {
        message_id: stored?.id,
        number_id: number.numberId,
        contact_id: stored?.contact_id,
        direction: 'in',
        message_type: 'text',
        preview: 'hi',
        created_at: expect.any(String),
      },
    });
    expect(conversation).toMatchObject({
      type: 'conversation.updated',
      data: { number_id: number.numberId, contact_id: stored?.contact_id, unread: 1 },
    });

    // A redelivery stores nothing and tells nothing.
    await deliver(t, first);
    // The contact is given to the seat: both the operator and the seat are told.
    const moved = await t.post('/api/agent/movefriend', {
      token: a.token,
      body: { ids: [stored?.contact_id], ownerUserId: seat.userId },
    });
    expect(moved.status).toBe(200);
    await agent.until(() => agent.events().length === 1);
    expect(agent.events()[0]?.event).toEqual({
      type: 'assignee.changed',
      data: { subject: 'contact', ids: [stored?.contact_id], owner_user_id: seat.userId },
    });

    // Now the seat hears of its contact's messages and their statuses.
    await deliver(t, inbound('15550009001', 'wamid.rt.2'));
    await insertOutbound(t.pool, number, 'wamid.rt.out', { contactId: stored?.contact_id });
    await deliver(t, statusesPayload(PHONE_NUMBER_ID, [{ id: 'wamid.rt.out', status: 'delivered', at: recentUnix() }]));
    // A message of a contact assigned to nobody: the operator only.
    await deliver(t, inbound('15550009002', 'wamid.rt.3'));
    await operator.until(() => operator.events().length === 8);
    await hubCaughtUp(t);
    expect(typesOf(operator)).toEqual([
      'message.created',
      'conversation.updated',
      'assignee.changed',
      'message.created',
      'conversation.updated',
      'messages.updated',
      'message.created',
      'conversation.updated',
    ]);
    expect(typesOf(agent)).toEqual(['assignee.changed', 'message.created', 'conversation.updated', 'messages.updated']);
    expect(agent.events()[3]?.event).toMatchObject({
      data: { messages: [{ status: 'delivered', contact_id: stored?.contact_id }] },
    });
    expect(stranger.events()).toEqual([]);
    for (const socket of [operator, agent, stranger]) socket.close();
  });

  it('tells once what a batch stored when it was redone event by event', async () => {
    const socket = await signedInSocket(t, a.token);
    // A group id another tenant holds: recording it here breaks the unique index, and the batch
    // is redone event by event (drain.ts) after its events were gathered once.
    const elsewhere = await seedNumber(t, {
      tenantId: b.tenantId,
      phoneNumberId: '230000000000092',
      wabaId: '430000000000092',
    });
    await t.pool.query(`insert into wa_group (tenant_id, number_id, group_id, subject) values ($1, $2, 'G-rt', 'x')`, [
      elsewhere.tenantId,
      elsewhere.numberId,
    ]);
    const clash = changePayload(EXAMPLE_WABA_ID, {
      field: 'group_participants_update',
      value: {
        metadata: { display_phone_number: '15550783881', phone_number_id: PHONE_NUMBER_ID },
        groups: [
          {
            timestamp: '1750270000',
            group_id: 'G-rt',
            type: 'group_participants_add',
            added_participants: [{ wa_id: '1' }],
          },
        ],
      },
    });
    await deliver(t, inbound('15550009011', 'wamid.rt.before'), clash, inbound('15550009012', 'wamid.rt.after'));
    await socket.until(() => socket.events().length >= 4);
    await hubCaughtUp(t);
    expect(typesOf(socket)).toEqual([
      'message.created',
      'conversation.updated',
      'message.created',
      'conversation.updated',
    ]);
    socket.close();
  });
});
