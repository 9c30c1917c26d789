import type { Language, ShareMode } from '@ws/contract';
import pg from 'pg';
import { type CopyToStreamQuery, to as copyTo } from 'pg-copy-streams';
import type { Db } from '../../platform/db/pool.js';
import { sheetTextSql } from '../../platform/db/sheet-text.js';
import { BoundValues, literalValues, type SqlValues } from '../../platform/db/sql-values.js';

/** What a run needs of its pool. */
export interface PoolRun {
  id: string;
  list_id: string | null;
  tag_id: string | null;
  mode: ShareMode;
  status: string;
  run_cursor: number;
}

/** A member of a pool: the contact, where it stands in the pool's order, and what it has. */
export interface Member {
  position: number;
  id: string;
  number_id: string | null;
  owner_user_id: string | null;
}

/**
 * The members of a pool after a position, in the pool's order. A list's members are its valid
 * rows' live contacts that did not opt out, in file order; a tag's are its live contacts that did
 * not opt out, by id. Both walk an index, a chunk at a time.
 */
function membersAfter(
  tenantId: string,
  pool: Pick<PoolRun, 'list_id' | 'tag_id'>,
  after: number,
  sql: SqlValues,
): string {
  const tenant = sql.add(tenantId, 'text');
  const from = sql.add(after, 'bigint');
  return pool.list_id
    ? `select r.row_no as position, c.id, c.number_id, c.owner_user_id, c.wa_id, c.name
         from audience_row r
         join contact c on c.tenant_id = r.tenant_id and c.wa_id = r.wa_id
        where r.tenant_id = ${tenant} and r.list_id = ${sql.add(pool.list_id, 'bigint')}
          and r.outcome in ('new', 'contact') and r.row_no > ${from}
          and c.deleted_at is null and c.opted_out_at is null
        order by r.row_no`
    : `select ct.contact_id as position, c.id, c.number_id, c.owner_user_id, c.wa_id, c.name
         from contact_tag ct
         join contact c on c.tenant_id = ct.tenant_id and c.id = ct.contact_id
        where ct.tenant_id = ${tenant} and ct.tag_id = ${sql.add(pool.tag_id, 'bigint')} and ct.contact_id > ${from}
          and c.deleted_at is null and c.opted_out_at is null
        order by ct.contact_id`;
}

/** The COPY of a pool's export: COPY takes no parameters, so values are escaped literals. */
function poolExportStatement(tenantId: string, pool: Pick<PoolRun, 'list_id' | 'tag_id'>, language: Language): string {
  const headers =
    language === 'zh' ? ['WhatsApp 号', '名称', '所属号码', '坐席'] : ['WhatsApp ID', 'Name', 'Number', 'Agent'];
  const [waId, name, number, agent] = headers.map((header) => pg.escapeIdentifier(header));
  const tenant = pg.escapeLiteral(tenantId);
  return `copy (
    select m.wa_id as ${waId},
           ${sheetTextSql('m.name')} as ${name},
           n.phone as ${number}, u.username as ${agent}
      from (${membersAfter(tenantId, pool, 0, literalValues)}) m
      left join wa_number n on n.tenant_id = ${tenant} and n.id = m.number_id
      left join app_user u on u.tenant_id = ${tenant} and u.id = m.owner_user_id
  ) to stdout with (format csv, header)`;
}

/** The pool's current run, locked until commit; undefined when it was deleted or a newer run began. */
export async function lockPoolRun(
  client: pg.PoolClient,
  tenantId: string,
  poolId: string,
  runNo: number,
): Promise<PoolRun | undefined> {
  const { rows } = await client.query<PoolRun>(
    `select id::text, list_id::text, tag_id::text, mode, status, run_cursor::float8 as run_cursor
       from fans_pool where tenant_id = $1 and id = $2 and run_no = $3 and deleted_at is null for update`,
    [tenantId, poolId, runNo],
  );
  return rows[0];
}

export async function memberChunk(db: Db, tenantId: string, pool: PoolRun, limit: number): Promise<Member[]> {
  const sql = new BoundValues();
  const members = membersAfter(tenantId, pool, pool.run_cursor, sql);
  const { rows } = await db.query<Member>(
    `select position::float8 as position, id::text, number_id::text, owner_user_id::text
       from (${members} limit ${sql.add(limit, 'int')}) m`,
    sql.values,
  );
  return rows;
}

/** The run's shares as quotas of one kind of target, in the order they were set. */
export async function runQuotas(db: Db, tenantId: string, poolId: string, target: 'number' | 'agent') {
  const { rows } = await db.query<{ targetId: string; amount: number; given: number }>(
    `select target_id::text as "targetId", amount::float8 as amount, given::float8 as given
       from fans_share where tenant_id = $1 and pool_id = $2 and target = $3 order by position`,
    [tenantId, poolId, target],
  );
  return rows;
}

/**
 * Gives contacts their number and agent where they still have none (a contact owned meanwhile
 * keeps its owner). Answers the contacts whose agent it set, for the assignees to be told.
 */
export async function giveOwners(
  db: Db,
  tenantId: string,
  gifts: { id: string; numberId: string | null; userId: string | null }[],
): Promise<{ id: string; owner_user_id: string }[]> {
  const { rows } = await db.query<{ id: string; owner_user_id: string; agent_given: boolean }>(
    `update contact c set number_id = coalesce(c.number_id, v.number_id),
            owner_user_id = coalesce(c.owner_user_id, v.user_id), updated_at = now()
       from unnest($2::bigint[], $3::bigint[], $4::bigint[]) v (id, number_id, user_id)
      where c.tenant_id = $1 and c.id = v.id
        and ((c.number_id is null and v.number_id is not null) or (c.owner_user_id is null and v.user_id is not null))
      returning c.id::text, c.owner_user_id::text, v.user_id is not null and c.owner_user_id = v.user_id as agent_given`,
    [tenantId, gifts.map((gift) => gift.id), gifts.map((gift) => gift.numberId), gifts.map((gift) => gift.userId)],
  );
  return rows.filter((row) => row.agent_given);
}

/** Saves a run chunk's cursor and what each target was given. */
export async function saveRunChunk(
  db: Db,
  tenantId: string,
  poolId: string,
  cursor: number,
  given: { target: 'number' | 'agent'; targetId: string; given: number }[],
): Promise<void> {
  await db.query('update fans_pool set run_cursor = $3 where tenant_id = $1 and id = $2', [tenantId, poolId, cursor]);
  await db.query(
    `update fans_share s set given = v.given
       from unnest($3::text[], $4::bigint[], $5::bigint[]) v (target, target_id, given)
      where s.tenant_id = $1 and s.pool_id = $2 and s.target = v.target and s.target_id = v.target_id`,
    [tenantId, poolId, given.map((g) => g.target), given.map((g) => g.targetId), given.map((g) => g.given)],
  );
}

/**
 * Counts the pool: its members, those with a number and an agent, and what each share's target
 * holds; the screen then reads these counts instead of the contacts. At the end of a run
 * (`finish`) the pool goes back to idle; after a supply, a run under way goes on.
 */
export async function recountPool(
  db: Db,
  tenantId: string,
  pool: PoolRun,
  finish: boolean,
): Promise<{ with_number: number; with_agent: number }> {
  const sql = new BoundValues();
  const members = membersAfter(tenantId, pool, 0, sql);
  const poolId = sql.add(pool.id, 'bigint');
  const tenant = sql.add(tenantId, 'text');
  const { rows } = await db.query<{ with_number: number; with_agent: number }>(
    `with members as (${members}),
     -- grouping(): 1 for the per-number rows, 2 for the per-agent rows, 3 for the total, so a
     -- member without a number is not taken for the total.
     grouped as (
       select number_id, owner_user_id, grouping(number_id, owner_user_id) as level, count(*) as n from members
        group by grouping sets ((number_id), (owner_user_id), ())
     ),
     shares as (
       update fans_share s set allocated = coalesce((
                select g.n from grouped g
                 where (s.target = 'number' and g.level = 1 and g.number_id = s.target_id)
                    or (s.target = 'agent' and g.level = 2 and g.owner_user_id = s.target_id)), 0)
        where s.tenant_id = ${tenant} and s.pool_id = ${poolId}
     ),
     totals as (
       select (select sum(n) from grouped where level = 3) as total,
              (select sum(n) from grouped where level = 1 and number_id is not null) as with_number,
              (select sum(n) from grouped where level = 2 and owner_user_id is not null) as with_agent
     )
     update fans_pool p set total = coalesce(t.total, 0), with_number = coalesce(t.with_number, 0),
            with_agent = coalesce(t.with_agent, 0), counted_at = now(),
            status = case when ${sql.add(finish, 'boolean')} then 'idle' else p.status end
       from totals t
      where p.tenant_id = ${tenant} and p.id = ${poolId}
      returning p.with_number::float8 as with_number, p.with_agent::float8 as with_agent`,
    sql.values,
  );
  return rows[0] ?? { with_number: 0, with_agent: 0 };
}

/**
 * Gives a number up to `count` members of the pool that have no number, in the pool's order;
 * answers how many it gave.
 */
export async function supplyNumber(
  client: pg.PoolClient,
  tenantId: string,
  pool: PoolRun,
  numberId: string,
  count: number,
): Promise<number> {
  const sql = new BoundValues();
  const members = membersAfter(tenantId, pool, 0, sql);
  const { rowCount } = await client.query(
    `update contact c set number_id = ${sql.add(numberId, 'bigint')}, updated_at = now()
       from (select id from (${members}) m where m.number_id is null limit ${sql.add(count, 'int')}) chosen
      where c.tenant_id = ${sql.add(tenantId, 'text')} and c.id = chosen.id and c.number_id is null`,
    sql.values,
  );
  return rowCount ?? 0;
}

/** Gives a number a share of the pool (with no amount) when it has none, so its count is kept. */
export async function ensureNumberShare(client: pg.PoolClient, tenantId: string, poolId: string, numberId: string) {
  await client.query(
    `insert into fans_share (tenant_id, pool_id, target, target_id, position, amount)
     values ($1, $2, 'number', $3,
             (select coalesce(max(position), 0) + 1 from fans_share where tenant_id = $1 and pool_id = $2), 0)
     on conflict (tenant_id, pool_id, target, target_id) do nothing`,
    [tenantId, poolId, numberId],
  );
}

export async function failPoolRun(db: Db, tenantId: string, poolId: string, runNo: number, error: string) {
  await db.query(
    `update fans_pool set status = 'failed', error = $4 where tenant_id = $1 and id = $2 and run_no = $3`,
    [tenantId, poolId, runNo, error],
  );
}

/** The pool's members with their number and agent as CSV, written by PostgreSQL (COPY … TO STDOUT). */
export function copyPoolCsv(
  client: pg.PoolClient,
  tenantId: string,
  pool: Pick<PoolRun, 'list_id' | 'tag_id'>,
  language: Language,
): CopyToStreamQuery {
  return client.query(copyTo(poolExportStatement(tenantId, pool, language)));
}
