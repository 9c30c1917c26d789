import { describe, expect, it, vi } from 'vitest';
import { type SignedIn, signedInSeat } from '../../test/tenants.js';
import {
  assigneesOf,
  conversationWith,
  customersWrite,
  eventsSince,
  lastEventId,
  newCustomer,
  presence,
  resolvedConversation,
  type StoredConversation,
  team,
  useInboxApp,
  waitingConversations,
} from './test-support.js';

// The queue is assigned again, by the worker's job, when an agent comes online or frees a slot:
// oldest waiting first, by the drain's rules, never past a cap (decision 0016, point 3).
const { t, a: operator, b: other } = useInboxApp('queueassign', { worker: true });

/** Waits until the tenant's queue job has run (none waits or runs) and the condition holds. */
async function settled(tenantId: string, condition: () => Promise<void>) {
  await vi.waitFor(
    async () => {
      const { rows } = await t.pool.query<{ n: number }>(
        'select count(*)::int as n from graphile_worker.jobs where key = $1',
        [`inbox_queue_assign:${tenantId}`],
      );
      expect(rows[0]?.n).toBe(0);
      await condition();
    },
    { timeout: 15_000, interval: 100 },
  );
}

describe('an agent coming online', () => {
  it('is given the waiting conversations of its numbers, oldest first, up to its cap; other queues stay as they are', async () => {
    const { number, agents } = await team(t, operator, 1, { maxOpen: 2, state: 'away' });
    const [agent] = agents as [SignedIn];
    const [newest, oldest, middle] = await waitingConversations(t, number, [1, 30, 10]);
    // A number of the tenant the agent does not serve, its seat away: its queue is not the agent's.
    const elsewhere = await team(t, operator, 1, { state: 'away' });
    const [notServed] = await waitingConversations(t, elsewhere.number, [60]);
    // Another tenant's waiting conversation, which its own online agent could take: that tenant's
    // queue job is not this one.
    const foreign = await team(t, other, 1);
    const foreignCustomer = newCustomer();
    await customersWrite(t, foreign.number, [{ waId: foreignCustomer }]);
    const foreignWaiting = await conversationWith(t, foreign.number, foreignCustomer);
    // Its own queue job runs first (round robin gives it to that tenant's agent): emptied before it
    // had run, under load, the job then assigned it after the check below.
    await settled(other.tenantId, async () => {
      expect((await assigneesOf(t, [foreignWaiting]))[foreignWaiting.id]).not.toBeNull();
    });
    await t.pool.query('update conversation set assignee_user_id = null where id = $1', [foreignWaiting.id]);
    const since = await lastEventId(t);

    await presence(t, agent, 'online');
    await settled(operator.tenantId, async () => {
      expect(await assigneesOf(t, [oldest, middle, newest, notServed] as StoredConversation[])).toEqual({
        [oldest?.id as string]: agent.userId,
        [middle?.id as string]: agent.userId,
        [newest?.id as string]: null,
        [notServed?.id as string]: null,
      });
    });
    expect((await assigneesOf(t, [foreignWaiting]))[foreignWaiting.id]).toBeNull();

    const { rows: history } = await t.pool.query(
      `select conversation_id::text, from_user_id, to_user_id::text, by_user_id, reason
         from conversation_assignment where tenant_id = $1 and conversation_id = any($2::bigint[]) order by id`,
      [operator.tenantId, [oldest?.id, middle?.id, newest?.id]],
    );
    expect(history).toEqual([
      { conversation_id: oldest?.id, from_user_id: null, to_user_id: agent.userId, by_user_id: null, reason: 'auto' },
      { conversation_id: middle?.id, from_user_id: null, to_user_id: agent.userId, by_user_id: null, reason: 'auto' },
    ]);
    const events = await eventsSince(t, operator.tenantId, 'conversation.assigned', since);
    expect(events.map((event) => event.payload)).toEqual([
      expect.objectContaining({ conversation_id: oldest?.id, assignee_user_id: agent.userId, previous_user_id: null }),
      expect.objectContaining({ conversation_id: middle?.id, assignee_user_id: agent.userId, previous_user_id: null }),
    ]);
    for (const event of events) {
      expect(event.payload).toMatchObject({
        number_id: number.numberId,
        contact_id: expect.any(String),
        status: 'open',
      });
      expect(event.assignee_ids).toContain(agent.userId);
      expect(event.assignee_ids).not.toContain(elsewhere.agents[0]?.userId);
    }
    expect(await eventsSince(t, other.tenantId, 'conversation.assigned', since)).toEqual([]);
  });

  it('gives a reopened conversation that waited back to the agent it had, before the turn', async () => {
    const { number, waId, had, colleague: next } = await resolvedConversation(t, operator);
    await presence(t, had, 'away');
    await presence(t, next, 'away');
    // Reopened while nobody was there: it waits, its agent remembered in the history.
    await customersWrite(t, number, [{ waId }]);
    expect(await conversationWith(t, number, waId)).toMatchObject({ assignee_user_id: null, status: 'open' });
    // The turn would pick `next` first. `next` is back without a heartbeat (no job yet); then `had`
    // comes online, and the conversation goes back to it.
    await t.pool.query('update agent_number set last_assigned_at = now() where user_id = $1', [had.userId]);
    await t.pool.query(`update agent_presence set state = 'online', last_seen_at = now() where user_id = $1`, [
      next.userId,
    ]);
    await presence(t, had, 'online');
    await settled(operator.tenantId, async () => {
      expect((await conversationWith(t, number, waId)).assignee_user_id).toBe(had.userId);
    });
  });
});

describe('a slot freed', () => {
  it('by resolving or by a transfer takes the oldest waiting conversation', async () => {
    const { number, agents } = await team(t, operator, 1, { maxOpen: 1 });
    const [agent] = agents as [SignedIn];
    const first = newCustomer();
    await customersWrite(t, number, [{ waId: first }]);
    const held = await conversationWith(t, number, first);
    expect(held.assignee_user_id).toBe(agent.userId);
    const [newer, older, newest] = await waitingConversations(t, number, [5, 20, 1]);

    const resolved = await t.post('/api/inbox/resolve', { token: agent.token, body: { conversationId: held.id } });
    expect(resolved.status).toBe(200);
    await settled(operator.tenantId, async () => {
      expect(await assigneesOf(t, [older, newer, newest] as StoredConversation[])).toEqual({
        [older?.id as string]: agent.userId,
        [newer?.id as string]: null,
        [newest?.id as string]: null,
      });
    });

    // Handed to a colleague who is away (it takes nothing from the queue itself): the agent's slot
    // is free again and the next oldest comes to it.
    const colleague = await signedInSeat(t, operator.tenantId);
    await t.post('/api/inbox/agent/set', {
      token: operator.token,
      body: { userId: colleague.userId, numberIds: [number.numberId], maxOpen: 5 },
    });
    await settled(operator.tenantId, async () => undefined);
    const handed = await t.post('/api/inbox/assign', {
      token: agent.token,
      body: { conversationId: older?.id, assigneeUserId: colleague.userId, note: 'VIP' },
    });
    expect(handed.status).toBe(200);
    await settled(operator.tenantId, async () => {
      expect(await assigneesOf(t, [older, newer, newest] as StoredConversation[])).toEqual({
        [older?.id as string]: colleague.userId,
        [newer?.id as string]: agent.userId,
        [newest?.id as string]: null,
      });
    });
  });
});
