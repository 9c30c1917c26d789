import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { type SignedIn, signedInSeat } from '../../test/tenants.js';
import { assignWaiting } from './assignment/assign-waiting.js';
import {
  conversationWith,
  customersWrite,
  inboxNumber,
  newCustomer,
  presence,
  type StoredConversation,
  serve,
  untilWaitingOnLock,
  useInboxApp,
} from './test-support.js';

// Two assignments racing for an agent's last slot: the agent's row lock makes them take turns,
// and the second counts the first. Proven with two real transactions, the second seen waiting.
const { t, a: operator } = useInboxApp('race');

const pidOf = async (client: pg.PoolClient) =>
  (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid as number;

async function queueOfTwo(maxOpen: number) {
  const number = await inboxNumber(t, operator.tenantId);
  const agent = await signedInSeat(t, operator.tenantId);
  await serve(t, operator, agent, [number.numberId], maxOpen);
  // Away while the customers write, so both conversations wait in the queue.
  await presence(t, agent, 'away');
  const customers = [newCustomer(), newCustomer()];
  await customersWrite(
    t,
    number,
    customers.map((waId) => ({ waId })),
  );
  const waiting = await Promise.all(customers.map((waId) => conversationWith(t, number, waId)));
  expect(waiting.map((conversation) => conversation.assignee_user_id)).toEqual([null, null]);
  await presence(t, agent, 'online');
  return { number, agent, waiting };
}

describe('the cap under concurrent assignments', () => {
  it('lets exactly one of two parallel transactions take the last slot', async () => {
    const { number, agent, waiting } = await queueOfTwo(1);
    const [first, second] = waiting as [StoredConversation, StoredConversation];
    const one = await t.pool.connect();
    const two = await t.pool.connect();
    try {
      await one.query('begin');
      await two.query('begin');
      const claim = (client: pg.PoolClient, conversationId: string) =>
        assignWaiting(client, operator.tenantId, [
          { conversationId, numberId: number.numberId, previousAssignee: null, ownerUserId: null },
        ]);
      expect((await claim(one, first.id)).map((h) => h.to)).toEqual([agent.userId]);
      // The second transaction reaches the agent's row lock while the first still holds it.
      const racing = claim(two, second.id);
      await untilWaitingOnLock(t, await pidOf(two));
      await one.query('commit');
      expect(await racing).toEqual([]);
      await two.query('commit');
    } finally {
      one.release();
      two.release();
    }
    const { rows } = await t.pool.query<{ assigned: number }>(
      `select count(*)::int as assigned from conversation where tenant_id = $1 and assignee_user_id = $2`,
      [operator.tenantId, agent.userId],
    );
    expect(rows[0]?.assigned).toBe(1);
  });

  it('answers one of two parallel manual assignments into the last slot with a 409 naming the cap', async () => {
    const { agent, waiting } = await queueOfTwo(1);
    const replies = await Promise.all(
      waiting.map((conversation) =>
        t.post('/api/inbox/assign', {
          token: operator.token,
          body: { conversationId: conversation.id, assigneeUserId: agent.userId, note: 'busy day' },
        }),
      ),
    );
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 409]);
    const refused = replies.find((reply) => reply.status === 409);
    expect(refused?.body.message).toBe('assigneeUserId: 该坐席已达到同时接待上限（1 个未解决会话）');
  });
});

describe('taking from the queue', () => {
  it('gives a conversation two agents take at once to exactly one; the other is told it was taken', async () => {
    const number = await inboxNumber(t, operator.tenantId);
    const agents: SignedIn[] = [await signedInSeat(t, operator.tenantId), await signedInSeat(t, operator.tenantId)];
    for (const agent of agents) await serve(t, operator, agent, [number.numberId]);
    const waId = newCustomer();
    await customersWrite(t, number, [{ waId }]);
    const conversation = await conversationWith(t, number, waId);
    expect(conversation.assignee_user_id).toBeNull();

    const replies = await Promise.all(
      agents.map((agent, index) =>
        t.post('/api/inbox/take', {
          token: agent.token,
          body: { conversationId: conversation.id },
          headers: index === 0 ? {} : { 'accept-language': 'en' },
        }),
      ),
    );
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 409]);
    const winner = replies.findIndex((reply) => reply.status === 200);
    const loser = replies[1 - winner];
    expect(loser?.body.message).toBe(
      winner === 1
        ? 'conversationId: 该会话已被其他坐席接入'
        : 'conversationId: another agent has already taken this conversation',
    );
    expect(replies[winner]?.body.data.assignee.id).toBe(agents[winner]?.userId);
    // Once taken it leaves the other agent's queue.
    const queue = await t.post('/api/inbox/list', {
      token: agents[1 - winner]?.token,
      body: { filters: { queue: 'unassigned' } },
    });
    expect(queue.body.data.records).toEqual([]);
  });
});
