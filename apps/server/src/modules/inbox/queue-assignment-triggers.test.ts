import { describe, expect, it } from 'vitest';
import type { SignedIn } from '../../test/tenants.js';
import { assignQueue, queueAssignmentKey } from './assignment/assign-queue.js';
import { assignWaiting } from './assignment/assign-waiting.js';
import {
  assigneesOf,
  conversationWith,
  customersWrite,
  newCustomer,
  presence,
  type StoredConversation,
  team,
  untilWaitingOnLock,
  useInboxApp,
  waitingConversations,
} from './test-support.js';

// What asks for the queue to be assigned, and what does not; and the assignment itself run twice
// at once. No worker here: the queued jobs stay to be counted, and the test runs the assignment.
const { t, a: operator } = useInboxApp('queuetriggers');
// Read when used: the tenants exist from beforeAll on.
const key = () => queueAssignmentKey(operator.tenantId);

async function queuedJobs(): Promise<number> {
  const { rows } = await t.pool.query<{ n: number }>(
    'select count(*)::int as n from graphile_worker.jobs where key = $1',
    [key()],
  );
  return rows[0]?.n ?? 0;
}

/** How many jobs the step queued (the tenant's one waiting job is removed first). */
async function jobsQueuedBy(step: () => Promise<unknown>): Promise<number> {
  await t.pool.query('select graphile_worker.remove_job($1)', [key()]);
  await step();
  return queuedJobs();
}

describe('what asks for the queue to be assigned', () => {
  it('is an agent coming online, never a heartbeat that changes nothing', async () => {
    const { agents } = await team(t, operator, 1, { state: 'away' });
    const [agent] = agents as [SignedIn];
    expect(await jobsQueuedBy(() => presence(t, agent, 'online'))).toBe(1);
    // The heartbeats of an agent that stays online, or stays away, queue nothing.
    expect(await jobsQueuedBy(() => presence(t, agent, 'online'))).toBe(0);
    expect(await jobsQueuedBy(() => presence(t, agent, 'away'))).toBe(0);
    expect(await jobsQueuedBy(() => presence(t, agent, 'away'))).toBe(0);
    expect(await jobsQueuedBy(() => presence(t, agent, 'online'))).toBe(1);
    // Heard from again after the presence timeout: it had gone offline, so it comes online.
    await t.pool.query(`update agent_presence set last_seen_at = now() - interval '5 minutes' where user_id = $1`, [
      agent.userId,
    ]);
    expect(await jobsQueuedBy(() => presence(t, agent, 'online'))).toBe(1);
  });

  it('is a slot freed by resolving or handing over, and settings changed; not a conversation resolved twice', async () => {
    const { number, agents } = await team(t, operator, 2);
    const [first, second] = agents as [SignedIn, SignedIn];
    const waId = newCustomer();
    await customersWrite(t, number, [{ waId }]);
    const conversation = await conversationWith(t, number, waId);
    const holder = conversation.assignee_user_id === first.userId ? first : second;
    const colleague = holder === first ? second : first;
    const post = (path: string, token: string, body: object) => async () =>
      expect((await t.post(path, { token, body })).status).toBe(200);

    expect(
      await jobsQueuedBy(
        post('/api/inbox/assign', holder.token, { conversationId: conversation.id, assigneeUserId: colleague.userId }),
      ),
    ).toBe(1);
    const resolve = post('/api/inbox/resolve', colleague.token, { conversationId: conversation.id });
    expect(await jobsQueuedBy(resolve)).toBe(1);
    // Resolved already: it frees no slot.
    expect(await jobsQueuedBy(resolve)).toBe(0);
    expect(
      await jobsQueuedBy(
        post('/api/inbox/agent/set', operator.token, {
          userId: first.userId,
          numberIds: [number.numberId],
          maxOpen: 3,
        }),
      ),
    ).toBe(1);
  });
});

describe('assigning the queue alongside other assignments', () => {
  it('never passes a cap when two agents come online at once (two runs): the oldest go, each once, the rest wait', async () => {
    const { number, agents } = await team(t, operator, 2, { maxOpen: 2, state: 'away' });
    // The first customer waited longest.
    const conversations = await waitingConversations(t, number, [100, 99, 98, 97, 96, 95, 94]);
    for (const agent of agents) await presence(t, agent, 'online');

    const runs = await Promise.all([
      assignQueue(t.context, operator.tenantId),
      assignQueue(t.context, operator.tenantId),
    ]);
    expect(runs[0] + runs[1]).toBe(4);
    const assigneeOf = await assigneesOf(t, conversations);
    const given = conversations.map((c) => assigneeOf[c.id] ?? null);
    expect(given.slice(0, 4).every((assignee) => assignee !== null)).toBe(true);
    expect(given.slice(4)).toEqual([null, null, null]);
    for (const agent of agents) expect(given.filter((assignee) => assignee === agent.userId)).toHaveLength(2);
    const history = await t.pool.query<{ n: number }>(
      `select count(*)::int as n from conversation_assignment where conversation_id = any($1::bigint[])`,
      [conversations.map((c) => c.id)],
    );
    expect(history.rows[0]?.n).toBe(4);
    // Run again: nobody is available, nothing changes.
    expect(await assignQueue(t.context, operator.tenantId)).toBe(0);
  });

  it('waits for the agent lock the drain holds, then counts what the drain gave: the last slot is not given twice', async () => {
    const { number, agents } = await team(t, operator, 1, { maxOpen: 1, state: 'away' });
    const [agent] = agents as [SignedIn];
    const [queued, written] = [newCustomer(), newCustomer()];
    await customersWrite(t, number, [{ waId: queued }, { waId: written }]);
    const [inQueue, fromDrain] = await Promise.all([queued, written].map((waId) => conversationWith(t, number, waId)));
    // Back without a heartbeat, so no job runs but this test's.
    await t.pool.query(`update agent_presence set state = 'online', last_seen_at = now() where user_id = $1`, [
      agent.userId,
    ]);
    const drain = await t.pool.connect();
    try {
      await drain.query('begin');
      // The drain's assignment of a conversation the customer just wrote to, not committed yet.
      await drain.query('select 1 from conversation where id = $1 for update', [fromDrain?.id]);
      const given = await assignWaiting(drain, operator.tenantId, [
        {
          conversationId: fromDrain?.id as string,
          numberId: number.numberId,
          previousAssignee: null,
          ownerUserId: null,
        },
      ]);
      expect(given.map((h) => h.to)).toEqual([agent.userId]);
      const running = assignQueue(t.context, operator.tenantId);
      await untilWaitingOnLock(t);
      await drain.query('commit');
      expect(await running).toBe(0);
    } finally {
      drain.release();
    }
    expect(await assigneesOf(t, [inQueue, fromDrain] as StoredConversation[])).toEqual({
      [inQueue?.id as string]: null,
      [fromDrain?.id as string]: agent.userId,
    });
  });
});
