import { AGENT_CAP_DEFAULT, PRESENCE_TIMEOUT_SECONDS } from '@ws/contract';
import type { Db } from '../../../platform/db/pool.js';
import type { AgentLoad, NumberAgent } from './plan-assignments.js';

/** The agents serving the numbers, with each number's round-robin turn. */
export async function selectNumberAgents(
  db: Db,
  tenantId: string,
  numberIds: readonly string[],
): Promise<NumberAgent[]> {
  if (numberIds.length === 0) return [];
  const { rows } = await db.query<{ number_id: string; user_id: string; last_assigned_at: Date | null }>(
    `select a.number_id::text, a.user_id::text, a.last_assigned_at from agent_number a
      where a.tenant_id = $1 and a.number_id = any($2::bigint[])`,
    [tenantId, numberIds],
  );
  return rows.map((row) => ({ numberId: row.number_id, userId: row.user_id, lastAssignedAt: row.last_assigned_at }));
}

/** Gives users of the tenant who have none the default settings (an agent's cap row must exist to be locked). */
export async function ensureAgentSettings(db: Db, tenantId: string, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db.query(
    `insert into agent_setting (tenant_id, user_id, max_open)
     select $1, u.id, $3 from app_user u where u.tenant_id = $1 and u.id = any($2::bigint[])
     on conflict do nothing`,
    [tenantId, userIds, AGENT_CAP_DEFAULT],
  );
}

/**
 * Locks the agents' settings rows in user id order (every assignment path locks this way, so two
 * never wait for each other in a cycle). Counting an agent's conversations after this lock, in a
 * statement of its own, sees every assignment committed before it: two assignments to one agent
 * take turns here, and the second counts the first.
 */
export async function lockAgents(db: Db, tenantId: string, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db.query(
    `select 1 from agent_setting where tenant_id = $1 and user_id = any($2::bigint[]) order by user_id for update`,
    [tenantId, userIds],
  );
}

/**
 * An agent's unresolved conversations, counted only up to its cap (all a check needs), over the
 * conversation_assignee_unresolved_idx; `setting` is the alias of its `agent_setting` row.
 */
export const unresolvedUpToCap = (setting: string) =>
  `(select count(*)::int from (
      select 1 from conversation o
       where o.tenant_id = ${setting}.tenant_id and o.assignee_user_id = ${setting}.user_id and o.status <> 'resolved'
       limit ${setting}.max_open) x)`;

/** Whether the agent of the `agent_presence` row `presence` is online: so stated, and heard from within `timeout` seconds (SQL). */
export const onlineNow = (presence: string, timeout: string) =>
  `coalesce(${presence}.state = 'online' and ${presence}.last_seen_at > now() - make_interval(secs => ${timeout}), false)`;

/**
 * The agents' caps, unresolved conversations (counted only up to the cap: all the check needs)
 * and whether they are online. Run after `lockAgents`, in a statement of its own.
 */
export async function selectAgentLoads(db: Db, tenantId: string, userIds: readonly string[]): Promise<AgentLoad[]> {
  if (userIds.length === 0) return [];
  const { rows } = await db.query<{ user_id: string; max_open: number; open_count: number; online: boolean }>(
    `select s.user_id::text, s.max_open, ${unresolvedUpToCap('s')} as open_count, ${onlineNow('p', '$3')} as online
       from agent_setting s
       left join agent_presence p on p.tenant_id = s.tenant_id and p.user_id = s.user_id
      where s.tenant_id = $1 and s.user_id = any($2::bigint[])`,
    [tenantId, userIds, PRESENCE_TIMEOUT_SECONDS],
  );
  return rows.map((row) => ({
    userId: row.user_id,
    maxOpen: row.max_open,
    openCount: row.open_count,
    online: row.online,
  }));
}

export type AssignmentReason = 'auto' | 'take' | 'assign' | 'reopen';

export interface HandOver {
  conversationId: string;
  from: string | null;
  to: string | null;
  by: string | null;
  reason: AssignmentReason;
  note: string;
}

/** Gives the conversations to their new agents (or the queue) and writes the transfer history, in two statements. */
export async function recordHandOvers(db: Db, tenantId: string, handOvers: readonly HandOver[]): Promise<void> {
  if (handOvers.length === 0) return;
  const column = <T>(pick: (handOver: HandOver) => T) => handOvers.map(pick);
  await db.query(
    `update conversation v set assignee_user_id = h.to_user_id,
            assigned_at = case when h.to_user_id is null then null else now() end
       from unnest($2::bigint[], $3::bigint[]) as h (conversation_id, to_user_id)
      where v.tenant_id = $1 and v.id = h.conversation_id`,
    [tenantId, column((h) => h.conversationId), column((h) => h.to)],
  );
  await db.query(
    `insert into conversation_assignment (tenant_id, conversation_id, from_user_id, to_user_id, by_user_id, reason, note)
     select $1, h.* from unnest($2::bigint[], $3::bigint[], $4::bigint[], $5::bigint[], $6::text[], $7::text[])
            as h (conversation_id, from_user_id, to_user_id, by_user_id, reason, note)`,
    [
      tenantId,
      column((h) => h.conversationId),
      column((h) => h.from),
      column((h) => h.to),
      column((h) => h.by),
      column((h) => h.reason),
      column((h) => h.note),
    ],
  );
}

/** Moves the numbers' round robin on: each (number, agent) given a conversation by turn. */
export async function advanceTurns(
  db: Db,
  tenantId: string,
  turns: readonly { numberId: string; userId: string; at: Date }[],
): Promise<void> {
  if (turns.length === 0) return;
  await db.query(
    `update agent_number a set last_assigned_at = t.at
       from (select number_id, user_id, max(at) as at
               from unnest($2::bigint[], $3::bigint[], $4::timestamptz[]) as t (number_id, user_id, at)
              group by number_id, user_id) t
      where a.tenant_id = $1 and a.number_id = t.number_id and a.user_id = t.user_id`,
    [tenantId, turns.map((t) => t.numberId), turns.map((t) => t.userId), turns.map((t) => t.at)],
  );
}

/** Who a conversation's realtime events go to besides admins and operators. */
export interface ConversationAudience {
  /** Its agent; or, while it waits in the queue (unassigned and open), its number's agents. */
  agents: string[];
  /** The number's agents: told when the conversation leaves their queue (taken or assigned). */
  numberAgents: string[];
}

/**
 * The audiences of conversations, read after their change (so a new agent is told), in one query
 * for a batch. A seat hears only of its own conversations and of its numbers' queue, never of
 * another agent's conversation (its messages' previews included).
 */
export async function selectConversationAudiences(
  db: Db,
  tenantId: string,
  conversationIds: readonly string[],
): Promise<Map<string, ConversationAudience>> {
  if (conversationIds.length === 0) return new Map();
  const { rows } = await db.query<{ id: string; assignee: string | null; waiting: boolean; number_agents: string[] }>(
    `select v.id::text, v.assignee_user_id::text as assignee, v.assignee_user_id is null and v.status = 'open' as waiting,
            array(select a.user_id::text from agent_number a
                   where a.tenant_id = v.tenant_id and a.number_id = v.number_id order by a.user_id) as number_agents
       from conversation v where v.tenant_id = $1 and v.id = any($2::bigint[])`,
    [tenantId, conversationIds],
  );
  return new Map(
    rows.map((row) => [
      row.id,
      {
        agents: row.assignee !== null ? [row.assignee] : row.waiting ? row.number_agents : [],
        numberAgents: row.number_agents,
      },
    ]),
  );
}
