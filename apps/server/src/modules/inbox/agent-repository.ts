import {
  AGENT_CAP_DEFAULT,
  type AgentSettings,
  PRESENCE_TIMEOUT_SECONDS,
  type Presence,
  type PresenceState,
} from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { likePattern } from '../../platform/db/like-pattern.js';
import { type Db, prepared } from '../../platform/db/pool.js';
import { isoTime } from '../../platform/db/sql-time.js';
import { BoundValues } from '../../platform/db/sql-values.js';
import { onlineNow } from './assignment/assignment-repository.js';

const online = (p: string, sql: BoundValues) => onlineNow(p, sql.add(PRESENCE_TIMEOUT_SECONDS, 'int'));

/** A job to queue in the heartbeat's own statement (graphile-worker's `add_job`, `replace` mode by key). */
export interface JobToQueue {
  name: string;
  payload: Record<string, string>;
  key: string;
  maxAttempts: number;
}

/**
 * The heartbeat: the agent's state and the time it was last heard from, in one statement, which
 * also queues `whenCameOnline` when the agent was not online before it (first heartbeat, back from
 * away, or heard from again after the timeout). A heartbeat that changes nothing queues nothing.
 */
export async function upsertPresence(
  db: Db,
  scope: Scope,
  state: PresenceState,
  whenCameOnline: JobToQueue,
): Promise<{ presence: Presence; cameOnline: boolean }> {
  const sql = new BoundValues();
  const tenant = sql.add(scope.tenantId, 'text');
  const user = sql.add(scope.userId, 'bigint');
  const given = sql.add(state, 'text');
  const { rows } = await db.query<Presence & { came_online: boolean }>(
    prepared(
      // The CTEs read the statement's snapshot: `before` is the row as it was before this heartbeat.
      `with before as (
         select ${online('b', sql)} as online from agent_presence b where b.tenant_id = ${tenant} and b.user_id = ${user}),
       saved as (
         insert into agent_presence as p (tenant_id, user_id, state, last_seen_at) values (${tenant}, ${user}, ${given}, now())
         on conflict (tenant_id, user_id) do update set state = excluded.state, last_seen_at = excluded.last_seen_at
         returning p.state, ${online('p', sql)} as online, ${isoTime('p.last_seen_at')} as last_seen_at),
       queued as (
         select graphile_worker.add_job(${sql.add(whenCameOnline.name, 'text')}, ${sql.add(JSON.stringify(whenCameOnline.payload), 'text')}::json,
                  job_key => ${sql.add(whenCameOnline.key, 'text')}, max_attempts => ${sql.add(whenCameOnline.maxAttempts, 'int')})
           from saved where saved.online and not coalesce((select online from before), false))
       select saved.state, saved.online, saved.last_seen_at, exists (select from queued) as came_online from saved`,
      sql.values,
    ),
  );
  const { came_online: cameOnline, ...presence } = rows[0] as Presence & { came_online: boolean };
  return { presence, cameOnline };
}

export interface AgentCriteria {
  search?: string | undefined;
  userId?: string | undefined;
  /** Only the agents serving this number, the caller left out. */
  servingNumber?: string | undefined;
}

function conditions(scope: Scope, criteria: AgentCriteria, sql: BoundValues): string {
  const where = [`u.tenant_id = ${sql.add(scope.tenantId, 'text')}`, `r.code in ('admin', 'operator', 'seat')`];
  if (criteria.userId) where.push(`u.id = ${sql.add(criteria.userId, 'bigint')}`);
  if (criteria.servingNumber) {
    where.push(`u.id <> ${sql.add(scope.userId, 'bigint')}`);
    where.push(`exists (select 1 from agent_number a where a.tenant_id = u.tenant_id and a.user_id = u.id
                          and a.number_id = ${sql.add(criteria.servingNumber, 'bigint')})`);
  }
  if (criteria.search) {
    const pattern = sql.add(likePattern(criteria.search), 'text');
    where.push(`(u.username ilike ${pattern} or u.nickname ilike ${pattern})`);
  }
  return where.join(' and ');
}

/** The tenant's agents (admins, operators, seats) with their numbers, cap, load and presence, by user id. */
export async function selectAgents(
  db: Db,
  scope: Scope,
  criteria: AgentCriteria,
  limit: number,
  offset: number,
): Promise<AgentSettings[]> {
  const sql = new BoundValues();
  const where = conditions(scope, criteria, sql);
  const { rows } = await db.query<AgentSettings>(
    prepared(
      `select json_build_object('id', u.id::text, 'username', u.username, 'nickname', u.nickname) as user, r.code as role,
              coalesce((select json_agg(json_build_object('id', n.id::text, 'phone', n.phone,
                                                          'verified_name', n.verified_name) order by n.id)
                          from agent_number a join wa_number n on n.tenant_id = a.tenant_id and n.id = a.number_id
                         where a.tenant_id = u.tenant_id and a.user_id = u.id and n.deleted_at is null), '[]'::json)
                as numbers,
              coalesce(s.max_open, ${sql.add(AGENT_CAP_DEFAULT, 'int')}) as max_open,
              (select count(*)::int from conversation v
                where v.tenant_id = u.tenant_id and v.assignee_user_id = u.id and v.status <> 'resolved') as open_count,
              json_build_object('state', coalesce(p.state, 'away'), 'online', ${online('p', sql)},
                                'last_seen_at', ${isoTime('p.last_seen_at')}) as presence
         from app_user u join role r on r.id = u.role_id
         left join agent_setting s on s.tenant_id = u.tenant_id and s.user_id = u.id
         left join agent_presence p on p.tenant_id = u.tenant_id and p.user_id = u.id
        where ${where}
        order by u.id limit ${sql.add(limit, 'int')} offset ${sql.add(offset, 'int')}`,
      sql.values,
    ),
  );
  return rows;
}

/** How many agents match, counting at most `cap` + 1. */
export async function countAgents(db: Db, scope: Scope, criteria: AgentCriteria, cap: number): Promise<number> {
  const sql = new BoundValues();
  const where = conditions(scope, criteria, sql);
  const { rows } = await db.query<{ total: number }>(
    prepared(
      `select count(*)::int as total from (select 1 from app_user u join role r on r.id = u.role_id where ${where}
        limit ${sql.add(cap + 1, 'int')}) x`,
      sql.values,
    ),
  );
  return rows[0]?.total ?? 0;
}

/** How many of the ids are live numbers of the tenant. */
export async function countLiveNumbers(db: Db, tenantId: string, numberIds: readonly string[]): Promise<number> {
  if (numberIds.length === 0) return 0;
  const { rows } = await db.query<{ count: number }>(
    `select count(*)::int as count from wa_number where tenant_id = $1 and id = any($2::bigint[]) and deleted_at is null`,
    [tenantId, numberIds],
  );
  return rows[0]?.count ?? 0;
}

/** Sets an agent's cap and numbers (a number it keeps keeps its round-robin turn). */
export async function saveAgentSettings(
  db: Db,
  tenantId: string,
  userId: string,
  settings: { maxOpen: number; numberIds: readonly string[] },
): Promise<void> {
  await db.query(
    `insert into agent_setting (tenant_id, user_id, max_open) values ($1, $2, $3)
     on conflict (tenant_id, user_id) do update set max_open = excluded.max_open, updated_at = now()`,
    [tenantId, userId, settings.maxOpen],
  );
  await db.query(`delete from agent_number where tenant_id = $1 and user_id = $2 and number_id <> all($3::bigint[])`, [
    tenantId,
    userId,
    settings.numberIds,
  ]);
  await db.query(
    `insert into agent_number (tenant_id, number_id, user_id)
     select $1, n, $2 from unnest($3::bigint[]) n on conflict do nothing`,
    [tenantId, userId, settings.numberIds],
  );
}
