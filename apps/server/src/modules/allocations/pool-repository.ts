import type { ShareMode, ShareTarget } from '@ws/contract';
import type pg from 'pg';
import { type Scope, scopeWhere } from '../../platform/auth/scope.js';
import { likePattern } from '../../platform/db/like-pattern.js';
import type { PageSpan } from '../../platform/db/page-span.js';
import type { Db } from '../../platform/db/pool.js';
import { isoTime } from '../../platform/db/sql-time.js';
import { BoundValues } from '../../platform/db/sql-values.js';

export interface PoolRow {
  id: string;
  name: string;
  list_id: string | null;
  tag_id: string | null;
  source_name: string | null;
  mode: ShareMode;
  status: 'idle' | 'allocating' | 'failed';
  error: string | null;
  run_no: number;
  run_cursor: number;
  total: number;
  with_number: number;
  with_agent: number;
  counted_at: string | null;
  created_at: string;
}

export interface ShareRow {
  pool_id: string;
  target: ShareTarget;
  target_id: string;
  label: string | null;
  amount: number;
  given: number;
  allocated: number;
  messaging_limit_tier: string | null;
  /** A number's business portfolio, whose messaging limit its numbers share. */
  portfolio_id: string | null;
}

const COLUMNS = `p.id::text, p.name, p.list_id::text, p.tag_id::text, coalesce(l.name, t.name) as source_name, p.mode,
  p.status, p.error, p.run_no, p.run_cursor::float8 as run_cursor, p.total::float8 as total,
  p.with_number::float8 as with_number, p.with_agent::float8 as with_agent, ${isoTime('p.counted_at')} as counted_at,
  ${isoTime('p.created_at')} as created_at`;
const FROM = `fans_pool p
  left join audience_list l on l.tenant_id = p.tenant_id and l.id = p.list_id and l.deleted_at is null
  left join tag t on t.tenant_id = p.tenant_id and t.id = p.tag_id`;

export async function insertPool(
  db: Db,
  scope: Scope,
  pool: { name: string; listId: string | null; tagId: string | null },
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into fans_pool (tenant_id, name, list_id, tag_id, created_by) values ($1, $2, $3, $4, $5) returning id::text`,
    [scope.tenantId, pool.name, pool.listId, pool.tagId, scope.userId],
  );
  return (rows[0] as { id: string }).id;
}

/** One live pool of the caller's tenant; `lock` holds it until commit. */
export async function selectPool(db: Db, scope: Scope, id: string, lock = false): Promise<PoolRow | undefined> {
  const sql = new BoundValues();
  const { rows } = await db.query<PoolRow>(
    `select ${COLUMNS} from ${FROM}
      where ${scopeWhere(scope, sql, { tenant: 'p.tenant_id' })} and p.id = ${sql.add(id, 'bigint')}
        and p.deleted_at is null ${lock ? 'for update of p' : ''}`,
    sql.values,
  );
  return rows[0];
}

export async function selectPools(
  db: Db,
  scope: Scope,
  search: string | undefined,
  page: PageSpan,
): Promise<{ rows: PoolRow[]; total: number }> {
  const sql = new BoundValues();
  const where = [scopeWhere(scope, sql, { tenant: 'p.tenant_id' }), 'p.deleted_at is null'];
  if (search) where.push(`p.name ilike ${sql.add(likePattern(search), 'text')}`);
  const condition = where.join(' and ');
  const count = await db.query<{ n: number }>(`select count(*)::int as n from fans_pool p where ${condition}`, [
    ...sql.values,
  ]);
  const { rows } = await db.query<PoolRow>(
    `select ${COLUMNS} from ${FROM} where ${condition} order by p.id desc
      limit ${sql.add(page.limit, 'int')} offset ${sql.add(page.offset, 'int')}`,
    sql.values,
  );
  return { rows, total: count.rows[0]?.n ?? 0 };
}

/** The shares of the pools, in the order they were set, with each target's label and a number's tier. */
export async function selectShares(db: Db, tenantId: string, poolIds: string[]): Promise<ShareRow[]> {
  const { rows } = await db.query<ShareRow>(
    `select s.pool_id::text, s.target, s.target_id::text, coalesce(n.phone, u.username) as label,
            s.amount::float8 as amount, s.given::float8 as given, s.allocated::float8 as allocated,
            n.messaging_limit_tier, w.portfolio_id::text as portfolio_id
       from fans_share s
       left join wa_number n on s.target = 'number' and n.tenant_id = s.tenant_id and n.id = s.target_id
       left join wa_business_account w on w.tenant_id = n.tenant_id and w.id = n.waba_ref
       left join app_user u on s.target = 'agent' and u.tenant_id = s.tenant_id and u.id = s.target_id
      where s.tenant_id = $1 and s.pool_id = any($2::bigint[])
      order by s.pool_id, s.target, s.position`,
    [tenantId, poolIds],
  );
  return rows;
}

/**
 * Replaces a pool's shares and starts a new run from its first member: the run number moves on (a
 * job of an earlier run stops at its next chunk). Answers the new run's number.
 */
export async function replaceShares(
  client: pg.PoolClient,
  scope: Scope,
  poolId: string,
  mode: ShareMode,
  shares: { target: ShareTarget; targetId: string; amount: number }[],
): Promise<number> {
  await client.query('delete from fans_share where tenant_id = $1 and pool_id = $2', [scope.tenantId, poolId]);
  await client.query(
    `insert into fans_share (tenant_id, pool_id, target, target_id, position, amount)
     select $1, $2, s.target, s.target_id, s.position, s.amount
       from unnest($3::text[], $4::bigint[], $5::bigint[]) with ordinality s (target, target_id, amount, position)`,
    [
      scope.tenantId,
      poolId,
      shares.map((share) => share.target),
      shares.map((share) => share.targetId),
      shares.map((share) => share.amount),
    ],
  );
  return restartPoolRun(client, scope.tenantId, poolId, mode);
}

/** Starts a new run of the pool (allocating, from its first member); answers its number. */
export async function restartPoolRun(db: Db, tenantId: string, poolId: string, mode?: ShareMode): Promise<number> {
  const { rows } = await db.query<{ run_no: number }>(
    `update fans_pool set mode = coalesce($3, mode), status = 'allocating', error = null, run_no = run_no + 1,
            run_cursor = 0
      where tenant_id = $1 and id = $2 returning run_no`,
    [tenantId, poolId, mode ?? null],
  );
  await db.query('update fans_share set given = 0 where tenant_id = $1 and pool_id = $2', [tenantId, poolId]);
  return (rows[0] as { run_no: number }).run_no;
}

/** Marks pools deleted (their runs stop); answers the ids deleted. Contacts keep their numbers and agents. */
export async function markPoolsDeleted(db: Db, scope: Scope, ids: readonly string[]): Promise<string[]> {
  const sql = new BoundValues();
  const { rows } = await db.query<{ id: string }>(
    `update fans_pool p set deleted_at = now(), run_no = run_no + 1
      where ${scopeWhere(scope, sql, { tenant: 'p.tenant_id' })} and p.id = any(${sql.add(ids, 'bigint[]')})
        and p.deleted_at is null
      returning p.id::text`,
    sql.values,
  );
  return rows.map((row) => row.id);
}
