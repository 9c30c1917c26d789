import { describe, expect, it } from 'vitest';
import { type SignedIn, signedInSeat } from '../../test/tenants.js';
import { wakeSnoozedConversations } from './snooze-job.js';
import {
  conversationWith,
  customersWrite,
  eventsSince,
  inboxNumber,
  lastEventId,
  newCustomer,
  presence,
  serve,
  useInboxApp,
} from './test-support.js';

const { t, a: operator, b: other } = useInboxApp('snooze');

describe('the snooze wake job', () => {
  it('opens every snoozed conversation whose time has come, of every tenant, and tells their agents', async () => {
    const number = await inboxNumber(t, operator.tenantId);
    const agent: SignedIn = await signedInSeat(t, operator.tenantId);
    await serve(t, operator, agent, [number.numberId]);
    await presence(t, agent, 'online');
    const customers = [newCustomer(), newCustomer(), newCustomer()];
    await customersWrite(
      t,
      number,
      customers.map((waId) => ({ waId })),
    );
    const foreignNumber = await inboxNumber(t, other.tenantId);
    const foreignCustomer = newCustomer();
    await customersWrite(t, foreignNumber, [{ waId: foreignCustomer }]);
    const conversations = await Promise.all(customers.map((waId) => conversationWith(t, number, waId)));
    const foreign = await conversationWith(t, foreignNumber, foreignCustomer);
    for (const conversation of conversations) {
      const reply = await t.post('/api/inbox/snooze', {
        token: agent.token,
        body: { conversationId: conversation.id, until: new Date(Date.now() + 3_600_000).toISOString() },
      });
      expect(reply.status).toBe(200);
    }
    await t.post('/api/inbox/snooze', {
      token: other.token,
      body: { conversationId: foreign.id, until: new Date(Date.now() + 3_600_000).toISOString() },
    });
    // Two of ours and the other tenant's are due; the third still sleeps.
    const due = [conversations[0]?.id, conversations[1]?.id, foreign.id];
    await t.pool.query(`update conversation set snoozed_until = now() - interval '1 second' where id = any($1)`, [due]);
    const since = await lastEventId(t);

    expect(await wakeSnoozedConversations(t.context)).toBe(3);
    const after = await Promise.all(customers.map((waId) => conversationWith(t, number, waId)));
    expect(after.map((conversation) => conversation.status)).toEqual(['open', 'open', 'snoozed']);
    expect((await conversationWith(t, foreignNumber, foreignCustomer)).status).toBe('open');
    const events = await eventsSince(t, operator.tenantId, 'conversation.status', since);
    expect(events.map((event) => event.payload.conversation_id).sort()).toEqual(
      [conversations[0]?.id, conversations[1]?.id].sort(),
    );
    expect(events.every((event) => event.assignee_ids?.includes(agent.userId))).toBe(true);
    // Nothing is due any more: a second run wakes nothing.
    expect(await wakeSnoozedConversations(t.context)).toBe(0);
  });
});
