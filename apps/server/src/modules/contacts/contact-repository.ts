import type pg from 'pg';
import { type Scope, scopeWhere } from '../../platform/auth/scope.js';
import type { Db } from '../../platform/db/pool.js';
import { BoundValues } from '../../platform/db/sql-values.js';

/** The ids a `select id … for [key] share` finds, `$1` being the tenant and `$2` the ids: locked until commit. */
async function lockedIds(
  client: pg.PoolClient,
  select: string,
  scope: Scope,
  ids: readonly string[],
): Promise<string[]> {
  const { rows } = await client.query<{ id: string }>(select, [scope.tenantId, ids]);
  return rows.map((row) => row.id);
}

/** Whether the number is a live (not recycled) number of the tenant; locks it against deletion until commit. */
export async function lockLiveNumber(client: pg.PoolClient, scope: Scope, numberId: string): Promise<boolean> {
  const select =
    'select id from wa_number where tenant_id = $1 and id = any($2::bigint[]) and deleted_at is null for share';
  return (await lockedIds(client, select, scope, [numberId])).length === 1;
}

/** Whether any of the numbers is the tenant's (live or in the recycle bin). */
export async function anyNumberOf(db: Db, scope: Scope, numberIds: readonly string[]): Promise<boolean> {
  const { rows } = await db.query('select 1 from wa_number where tenant_id = $1 and id = any($2::bigint[]) limit 1', [
    scope.tenantId,
    numberIds,
  ]);
  return rows.length > 0;
}

/** Whether the user belongs to the tenant; locks it against deletion until commit. */
export async function lockUser(client: pg.PoolClient, scope: Scope, userId: string): Promise<boolean> {
  const select = 'select id from app_user where tenant_id = $1 and id = any($2::bigint[]) for share';
  return (await lockedIds(client, select, scope, [userId])).length === 1;
}

/**
 * The ids among `tagIds` that are contact tags of the tenant, locked against deletion until commit.
 * A key-share lock: tagging then updates the tag's item_count (contact_tag's trigger), and two
 * requests tagging with one tag under `for share` each waited for the other's share lock: a deadlock.
 */
export function lockContactTags(client: pg.PoolClient, scope: Scope, tagIds: readonly string[]): Promise<string[]> {
  const select = `select id from tag where tenant_id = $1 and kind = 'contact' and id = any($2::bigint[]) for key share`;
  return lockedIds(client, select, scope, tagIds);
}

/**
 * Marks the chosen live contacts in the scope deleted (they stay in the table: a contact who writes
 * again comes back) and removes their tags in the same statement, so tag counts stay right.
 * contact_tally follows through its statement trigger.
 */
export async function softDeleteContacts(
  db: Db,
  scope: Scope,
  chosen: { ids: readonly string[] } | { numberIds: readonly string[] },
): Promise<number> {
  const sql = new BoundValues();
  const where = [scopeWhere(scope, sql, { tenant: 'c.tenant_id', contactOwner: 'c.owner_user_id' })];
  if ('ids' in chosen) where.push(`c.id = any(${sql.add(chosen.ids, 'bigint[]')})`);
  else where.push(`c.number_id = any(${sql.add(chosen.numberIds, 'bigint[]')})`);
  const { rows } = await db.query<{ n: number }>(
    `with gone as (
       update contact c set deleted_at = now(), updated_at = now()
        where ${where.join(' and ')} and c.deleted_at is null
       returning c.tenant_id, c.id
     ), untagged as (
       delete from contact_tag ct using gone where ct.tenant_id = gone.tenant_id and ct.contact_id = gone.id
     )
     select count(*)::int as n from gone`,
    sql.values,
  );
  return rows[0]?.n ?? 0;
}

/** Contacts of one previous agent given to another by a move. */
export interface OwnerChange {
  previousOwner: string | null;
  ids: string[];
}

/**
 * Gives the chosen live contacts another number and/or owner (null keeps the current one);
 * returns how many it changed and, grouped by their previous agent, those whose agent changed.
 */
export async function reassignContacts(
  db: Db,
  scope: Scope,
  ids: readonly string[],
  to: { numberId: string | null; ownerUserId: string | null },
): Promise<{ count: number; ownerChanges: OwnerChange[] }> {
  const sql = new BoundValues();
  const where = scopeWhere(scope, sql, { tenant: 'c.tenant_id', contactOwner: 'c.owner_user_id' });
  const { rows } = await db.query<{ previous_owner: string | null; changed: boolean; ids: string[]; n: number }>(
    `with chosen as (
       select c.tenant_id, c.id, c.owner_user_id from contact c
        where ${where} and c.id = any(${sql.add(ids, 'bigint[]')}) and c.deleted_at is null
        for update),
     moved as (
       update contact c set number_id = coalesce(${sql.add(to.numberId, 'bigint')}, c.number_id),
              owner_user_id = coalesce(${sql.add(to.ownerUserId, 'bigint')}, c.owner_user_id), updated_at = now()
         from chosen where c.tenant_id = chosen.tenant_id and c.id = chosen.id
       returning c.id, chosen.owner_user_id as was, c.owner_user_id is distinct from chosen.owner_user_id as changed)
     select was::text as previous_owner, changed, array_agg(id::text order by id) as ids, count(*)::int as n
       from moved group by was, changed`,
    sql.values,
  );
  return {
    count: rows.reduce((total, row) => total + row.n, 0),
    ownerChanges: rows.filter((row) => row.changed).map((row) => ({ previousOwner: row.previous_owner, ids: row.ids })),
  };
}

/** Moves every live contact in the scope of the given numbers to another number: one statement however many. */
export async function moveNumbersContacts(
  db: Db,
  scope: Scope,
  fromNumberIds: readonly string[],
  toNumberId: string,
): Promise<number> {
  const sql = new BoundValues();
  const where = scopeWhere(scope, sql, { tenant: 'c.tenant_id', contactOwner: 'c.owner_user_id' });
  const { rowCount } = await db.query(
    `update contact c set number_id = ${sql.add(toNumberId, 'bigint')}, updated_at = now()
      where ${where} and c.number_id = any(${sql.add(fromNumberIds, 'bigint[]')}) and c.deleted_at is null`,
    sql.values,
  );
  return rowCount ?? 0;
}

/** The ids among `ids` that are live contacts in the scope, locked until commit. */
export async function lockLiveContacts(client: pg.PoolClient, scope: Scope, ids: readonly string[]): Promise<string[]> {
  const sql = new BoundValues();
  const where = scopeWhere(scope, sql, { tenant: 'c.tenant_id', contactOwner: 'c.owner_user_id' });
  const { rows } = await client.query<{ id: string }>(
    `select c.id from contact c where ${where} and c.id = any(${sql.add(ids, 'bigint[]')}) and c.deleted_at is null
      order by c.id for share`,
    sql.values,
  );
  return rows.map((row) => row.id);
}

/** Tags each contact with each tag, once (contact_tag's trigger keeps tag.item_count). */
export async function addContactTags(
  db: Db,
  scope: Scope,
  contactIds: readonly string[],
  tagIds: readonly string[],
): Promise<void> {
  await db.query(
    `insert into contact_tag (tenant_id, contact_id, tag_id)
     select $1, c.id, t.id from unnest($2::bigint[]) c (id) cross join unnest($3::bigint[]) t (id)
     on conflict do nothing`,
    [scope.tenantId, contactIds, tagIds],
  );
}

export async function removeContactTags(
  db: Db,
  scope: Scope,
  contactIds: readonly string[],
  tagIds: readonly string[],
): Promise<void> {
  await db.query(
    'delete from contact_tag where tenant_id = $1 and contact_id = any($2::bigint[]) and tag_id = any($3::bigint[])',
    [scope.tenantId, contactIds, tagIds],
  );
}

/**
 * The opt-in sources of the tenant's live contacts, read as a loose index scan over
 * contact_source_idx: one index probe per distinct source, however many contacts there are.
 */
export async function contactSources(db: Db, scope: Scope): Promise<string[]> {
  const { rows } = await db.query<{ source: string }>(
    `with recursive sources (source) as (
       (select opt_in_source from contact
         where tenant_id = $1 and deleted_at is null and opt_in_source is not null
         order by opt_in_source limit 1)
       union all
       select (select opt_in_source from contact
                where tenant_id = $1 and deleted_at is null and opt_in_source > s.source
                order by opt_in_source limit 1)
         from sources s where s.source is not null
     )
     select source from sources where source is not null limit 200`,
    [scope.tenantId],
  );
  return rows.map((row) => row.source);
}

/** The tenant's users who may be given contacts: admins, operators and seats (the agents). */
export async function contactAgents(db: Db, scope: Scope) {
  const { rows } = await db.query<{ id: string; username: string; nickname: string }>(
    `select u.id::text, u.username, u.nickname from app_user u join role r on r.id = u.role_id
      where u.tenant_id = $1 and r.code in ('admin', 'operator', 'seat') order by u.username`,
    [scope.tenantId],
  );
  return rows;
}
