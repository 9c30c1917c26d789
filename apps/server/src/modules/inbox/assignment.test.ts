import { describe, expect, it } from 'vitest';
import { type SignedIn, signedInSeat } from '../../test/tenants.js';
import { seedContact } from '../../test/whatsapp-fixtures.js';
import { changePayload, deliver, EXAMPLE_WABA_ID } from '../../whatsapp/webhooks/test-support.js';
import {
  conversationWith,
  customerPayload,
  customersWrite,
  eventsSince,
  inboxNumber,
  lastEventId,
  newCustomer,
  presence,
  resolvedConversation,
  serve,
  team,
  useInboxApp,
} from './test-support.js';

// Assignment of new conversations by the webhook drain: round robin among a number's online
// agents under their cap, the contact's owner first, the queue when nobody can take one.
const { t, a: operator, b: other } = useInboxApp('assign');

const countBy = (assignees: (string | null)[]) => {
  const counts = new Map<string | null, number>();
  for (const assignee of assignees) counts.set(assignee, (counts.get(assignee) ?? 0) + 1);
  return counts;
};

describe('round robin', () => {
  it("deals a number's new conversations out in turn among its online agents, within a batch and across batches", async () => {
    const { number, agents } = await team(t, operator, 3);
    const away = await signedInSeat(t, operator.tenantId);
    await serve(t, operator, away, [number.numberId]);
    await presence(t, away, 'away');
    const first = Array.from({ length: 6 }, newCustomer);
    await customersWrite(
      t,
      number,
      first.map((waId) => ({ waId })),
    );
    const dealt = await Promise.all(first.map((waId) => conversationWith(t, number, waId)));
    expect(dealt.every((conversation) => conversation.status === 'open')).toBe(true);
    const counts = countBy(dealt.map((conversation) => conversation.assignee_user_id));
    expect([...counts.keys()].sort()).toEqual(agents.map((agent) => agent.userId).sort());
    expect([...counts.values()]).toEqual([2, 2, 2]);

    const second = Array.from({ length: 3 }, newCustomer);
    await customersWrite(
      t,
      number,
      second.map((waId) => ({ waId })),
    );
    const next = await Promise.all(second.map((waId) => conversationWith(t, number, waId)));
    expect(new Set(next.map((conversation) => conversation.assignee_user_id)).size).toBe(3);
    const { rows } = await t.pool.query<{ reason: string; by_user_id: string | null }>(
      `select reason, by_user_id::text from conversation_assignment where tenant_id = $1 and conversation_id = $2`,
      [operator.tenantId, next[0]?.id],
    );
    expect(rows).toEqual([{ reason: 'auto', by_user_id: null }]);
  });

  it('prefers the contact owner when it serves the number and is online; else the turn decides', async () => {
    const { number, agents } = await team(t, operator, 2);
    const [first, owner] = agents as [SignedIn, SignedIn];
    const waId = newCustomer();
    const contactId = await seedContact(t.pool, operator.tenantId, { waId, numberId: number.numberId });
    await t.pool.query('update contact set owner_user_id = $2 where id = $1', [contactId, owner.userId]);
    // The owner has had one by turn already, so the round robin alone would pick the other agent.
    await t.pool.query(`update agent_number set last_assigned_at = now() where user_id = $1`, [owner.userId]);
    await customersWrite(t, number, [{ waId }]);
    expect((await conversationWith(t, number, waId)).assignee_user_id).toBe(owner.userId);

    await presence(t, owner, 'away');
    const other = newCustomer();
    const otherContact = await seedContact(t.pool, operator.tenantId, { waId: other, numberId: number.numberId });
    await t.pool.query('update contact set owner_user_id = $2 where id = $1', [otherContact, owner.userId]);
    await customersWrite(t, number, [{ waId: other }]);
    expect((await conversationWith(t, number, other)).assignee_user_id).toBe(first.userId);
  });
});

describe('caps', () => {
  it('never passes an agent cap: the rest wait unassigned, and resolving frees a slot', async () => {
    const { number, agents } = await team(t, operator, 1, { maxOpen: 1 });
    const [agent] = agents as [SignedIn];
    const [c1, c2, c3] = [newCustomer(), newCustomer(), newCustomer()];
    await customersWrite(t, number, [{ waId: c1 }, { waId: c2 }]);
    const first = await conversationWith(t, number, c1);
    expect(first.assignee_user_id).toBe(agent.userId);
    expect(await conversationWith(t, number, c2)).toMatchObject({ assignee_user_id: null, status: 'open' });
    // Writing again while the agent is full changes nothing.
    await customersWrite(t, number, [{ waId: c2 }]);
    expect((await conversationWith(t, number, c2)).assignee_user_id).toBeNull();

    // No worker runs here, so the queue job the freed slot asks for (it would give the slot to c2,
    // the oldest waiting: queue-assignment.test.ts) does not; the drain alone is tested.
    const resolved = await t.post('/api/inbox/resolve', { token: agent.token, body: { conversationId: first.id } });
    expect(resolved.status).toBe(200);
    expect(resolved.body.data.status).toBe('resolved');
    await customersWrite(t, number, [{ waId: c3 }]);
    expect((await conversationWith(t, number, c3)).assignee_user_id).toBe(agent.userId);
  });

  it('leaves a conversation in the queue when every agent of the number is away', async () => {
    const { number, agents } = await team(t, operator, 1);
    await presence(t, agents[0] as SignedIn, 'away');
    const waId = newCustomer();
    await customersWrite(t, number, [{ waId }]);
    expect(await conversationWith(t, number, waId)).toMatchObject({ assignee_user_id: null, status: 'open' });
  });
});

describe('reopening', () => {
  it('reopens a resolved conversation when the customer writes: to its agent if available, else to another', async () => {
    const { number, waId, conversation, had, colleague } = await resolvedConversation(t, operator);
    const since = await lastEventId(t);
    await customersWrite(t, number, [{ waId }]);
    expect(await conversationWith(t, number, waId)).toMatchObject({ status: 'open', assignee_user_id: had.userId });
    const status = await eventsSince(t, operator.tenantId, 'conversation.status', since);
    expect(status.map((event) => event.payload)).toEqual([
      expect.objectContaining({ conversation_id: conversation.id, status: 'open', assignee_user_id: had.userId }),
    ]);

    await t.post('/api/inbox/resolve', { token: had.token, body: { conversationId: conversation.id } });
    await presence(t, had, 'away');
    await customersWrite(t, number, [{ waId }]);
    expect(await conversationWith(t, number, waId)).toMatchObject({
      status: 'open',
      assignee_user_id: colleague.userId,
    });
    const history = await t.post('/api/inbox/assignments', {
      token: operator.token,
      body: { conversationId: conversation.id },
    });
    expect(history.status).toBe(200);
    expect(
      history.body.data.map((record: { reason: string; from: { id: string } | null; to: { id: string } | null }) => [
        record.reason,
        record.from?.id ?? null,
        record.to?.id ?? null,
      ]),
    ).toEqual([
      ['auto', null, had.userId],
      ['reopen', had.userId, had.userId],
      ['reopen', had.userId, colleague.userId],
    ]);
  });

  it('wakes a snoozed conversation when the customer writes, with the same agent', async () => {
    const { number, agents } = await team(t, operator, 1);
    const [agent] = agents as [SignedIn];
    const waId = newCustomer();
    await customersWrite(t, number, [{ waId }]);
    const conversation = await conversationWith(t, number, waId);
    const until = new Date(Date.now() + 3_600_000).toISOString();
    const snoozed = await t.post('/api/inbox/snooze', {
      token: agent.token,
      body: { conversationId: conversation.id, until },
    });
    expect(snoozed.body.data).toMatchObject({ status: 'snoozed', snoozed_until: expect.any(String) });
    await customersWrite(t, number, [{ waId }]);
    expect(await conversationWith(t, number, waId)).toMatchObject({ status: 'open', assignee_user_id: agent.userId });
  });
});

describe('the events of new conversations', () => {
  it("address the inbound message to the conversation's agent only, whoever owns the contact; its number's agents learn it left the queue", async () => {
    const { number, agents } = await team(t, operator, 2);
    const since = await lastEventId(t);
    const waId = newCustomer();
    await customersWrite(t, number, [{ waId }]);
    const conversation = await conversationWith(t, number, waId);
    const other = agents.find((agent) => agent.userId !== conversation.assignee_user_id) as SignedIn;
    const [created] = await eventsSince(t, operator.tenantId, 'message.created', since);
    expect(created?.assignee_ids).toContain(conversation.assignee_user_id);
    expect(created?.assignee_ids).not.toContain(other.userId);
    const [assigned] = await eventsSince(t, operator.tenantId, 'conversation.assigned', since);
    expect(assigned?.assignee_ids).toEqual(expect.arrayContaining(agents.map((agent) => agent.userId)));
    expect(assigned?.payload).toMatchObject({
      conversation_id: conversation.id,
      assignee_user_id: conversation.assignee_user_id,
      previous_user_id: null,
      status: 'open',
    });
  });
});

describe('what is not a customer waiting', () => {
  it("keeps a conversation a send created in nobody's queue until the customer writes", async () => {
    const { number, agents } = await team(t, operator, 1);
    const waId = newCustomer();
    const contactId = await seedContact(t.pool, operator.tenantId, { waId, numberId: number.numberId });
    // As the send lane records a campaign message that went: the conversation exists, nobody wrote.
    await t.pool.query(
      `insert into conversation (tenant_id, number_id, contact_id, last_outbound_at, last_message_at)
       values ($1, $2, $3, now(), now())`,
      [operator.tenantId, number.numberId, contactId],
    );
    expect(await conversationWith(t, number, waId)).toMatchObject({ status: 'resolved', assignee_user_id: null });
    const queue = await t.post('/api/inbox/list', {
      token: operator.token,
      body: { filters: { queue: 'unassigned' } },
    });
    expect(queue.body.data.records.map((row: { contact_id: string }) => row.contact_id)).not.toContain(contactId);
    await customersWrite(t, number, [{ waId }]);
    expect(await conversationWith(t, number, waId)).toMatchObject({
      status: 'open',
      assignee_user_id: (agents[0] as SignedIn).userId,
    });
  });

  it('assigns once when a batch is redone event by event around an event that cannot be applied', async () => {
    const { number, agents } = await team(t, operator, 2);
    // A group id another tenant's number holds: recording it for this number breaks a unique index.
    const elsewhere = await inboxNumber(t, other.tenantId);
    const groupId = `G-${newCustomer()}`;
    await t.pool.query(`insert into wa_group (tenant_id, number_id, group_id, subject) values ($1, $2, $3, 'x')`, [
      other.tenantId,
      elsewhere.numberId,
      groupId,
    ]);
    const clash = changePayload(EXAMPLE_WABA_ID, {
      field: 'group_participants_update',
      value: {
        metadata: { display_phone_number: '15550783881', phone_number_id: number.phoneNumberId },
        groups: [
          {
            timestamp: String(Math.floor(Date.now() / 1000)),
            group_id: groupId,
            type: 'group_participants_add',
            added_participants: [{ wa_id: '1' }],
          },
        ],
      },
    });
    const [before, after] = [newCustomer(), newCustomer()];
    await deliver(t, customerPayload(number, { waId: before }), clash, customerPayload(number, { waId: after }));
    const dealt = await Promise.all([before, after].map((waId) => conversationWith(t, number, waId)));
    expect(dealt.map((conversation) => conversation.assignee_user_id).sort()).toEqual(
      agents.map((agent) => agent.userId).sort(),
    );
    const { rows } = await t.pool.query<{ n: number }>(
      `select count(*)::int as n from conversation_assignment where tenant_id = $1 and conversation_id = any($2::bigint[])`,
      [operator.tenantId, dealt.map((conversation) => conversation.id)],
    );
    expect(rows[0]?.n).toBe(2);
    // The batch was indeed redone: the clash failed alone.
    const failed = await t.pool.query<{ outcome: string }>(
      `select outcome from webhook_event where position($1 in payload) > 0`,
      [groupId],
    );
    expect(failed.rows).toEqual([{ outcome: 'failed' }]);
  });
});
