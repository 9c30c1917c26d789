/** The operation log as its screen reads it (`operation/list`, `operation/down`). */
import type { OperationLogEntry, OperationLogFilter } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { likePattern } from '../../platform/db/like-pattern.js';
import type { Db } from '../../platform/db/pool.js';
import { prepared } from '../../platform/db/pool.js';
import { isoTime } from '../../platform/db/sql-time.js';
import { BoundValues } from '../../platform/db/sql-values.js';
import { caseless, hasTrigrams, wordRuns } from '../../platform/db/text-search.js';

/**
 * The filters of a query, with the tenant a user name belongs to when the platform admin reads
 * across tenants, and the target text as `targetText` prepared it.
 */
export type EntryFilter = Omit<OperationLogFilter, 'target'> & {
  usernameTenant?: string | undefined;
  target?: TargetText | undefined;
};

/**
 * A target text as a query uses it: the whole text, and the run of letters or digits the trigram
 * index is asked for (none when no run has three: the index cannot serve the text).
 */
export interface TargetText {
  text: string;
  indexed: string | undefined;
}

/**
 * The text's longest run of letters or digits, when it has trigrams. GIN reads the whole posting
 * list of every trigram it is given, and a frequent word ("link", "tag") has one as long as the
 * table: the longest run alone finds every entry that holds the text, through fewer lists.
 */
export function targetText(text: string, unicode: boolean): TargetText {
  const longest = wordRuns(text, unicode).reduce((best, run) => (run.length > best.length ? run : best), '');
  return { text, indexed: hasTrigrams(longest, unicode) ? longest : undefined };
}

/**
 * Every condition keeps to an index that ends with the time (migration 0047): the tenant, then the
 * user, action or address; the target through its trigrams. An exact address is an equality (the
 * index then gives the rows in time order); a network is a btree range.
 */
function entryWhere(scope: Scope, sql: BoundValues, filter: EntryFilter): string {
  const where: string[] = [];
  const tenant = scope.acrossTenants ? (filter.tenantId ?? filter.usernameTenant) : scope.tenantId;
  if (tenant) where.push(`o.tenant_id = ${sql.add(tenant, 'text')}`);
  if (filter.username) where.push(`lower(o.username) = lower(${sql.add(filter.username, 'text')})`);
  if (filter.action) where.push(`o.action = ${sql.add(filter.action, 'text')}`);
  if (filter.target) where.push(targetCondition(sql, filter.target));
  if (filter.address) {
    const network = sql.add(filter.address.network, 'inet');
    where.push(filter.address.exact ? `o.address = ${network}` : `o.address <<= ${network}`);
  }
  if (filter.from) where.push(`o.created_at >= ${sql.add(filter.from, 'timestamptz')}`);
  if (filter.to) where.push(`o.created_at <= ${sql.add(filter.to, 'timestamptz')}`);
  return where.length ? where.join(' and ') : 'true';
}

/**
 * The target holds the text: the trigram index is given its indexed run, and the whole text is
 * checked on the rows it finds through an expression the index does not serve (`coalesce`), so the
 * planner cannot hand it the other runs' trigrams. A text without cased letters (digits, Chinese)
 * matches with LIKE: the same rows as ILIKE, without lower-casing every target it reads.
 */
function targetCondition(sql: BoundValues, target: TargetText): string {
  const like = caseless(target.text) ? 'like' : 'ilike';
  const whole = `coalesce(o.target, '') ${like} ${sql.add(likePattern(target.text), 'text')}`;
  if (!target.indexed) return whole;
  return `o.target ${caseless(target.indexed) ? 'like' : 'ilike'} ${sql.add(likePattern(target.indexed), 'text')} and ${whole}`;
}

const ENTRY_COLUMNS = `o.id::text, o.tenant_id, o.user_id::text, o.username, o.action, o.target,
  host(o.address) as address, o.request_id, ${isoTime('o.created_at')} as created_at`;

/** A page of entries, newest first. */
export async function selectEntries(
  db: Db,
  scope: Scope,
  filter: EntryFilter,
  limit: number,
  offset: number,
): Promise<OperationLogEntry[]> {
  const sql = new BoundValues();
  const where = entryWhere(scope, sql, filter);
  const { rows } = await db.query<OperationLogEntry>(
    `select ${ENTRY_COLUMNS} from operation_log o where ${where}
      order by o.created_at desc, o.id desc limit ${sql.add(limit, 'int')} offset ${sql.add(offset, 'int')}`,
    sql.values,
  );
  return rows;
}

/**
 * A page of the entries whose target holds the text among the newest `window` entries that match
 * the other filters, read in time order from their index and checked one by one: a frequent text
 * fills its page here after a few, without the trigram index, which for a frequent text would hand
 * back every match to be sorted. (The trigram index cannot serve a condition on the window.) The
 * window reads only what the tenant's time index holds (the target is included, migration 0050),
 * so without other filters it is an index-only scan; the page's entries are then read by key.
 */
export async function selectTextInNewest(
  db: Db,
  scope: Scope,
  filter: EntryFilter & { target: TargetText },
  window: number,
  limit: number,
  offset: number,
): Promise<OperationLogEntry[]> {
  const sql = new BoundValues();
  const where = entryWhere(scope, sql, { ...filter, target: undefined });
  const { rows } = await db.query<OperationLogEntry>(
    `select ${ENTRY_COLUMNS}
       from (select o.tenant_id, o.id
               from (select o.tenant_id, o.id, o.created_at, o.target from operation_log o where ${where}
                      order by o.created_at desc, o.id desc limit ${sql.add(window, 'int')}) o
              where ${targetCondition(sql, filter.target)}
              order by o.created_at desc, o.id desc limit ${sql.add(limit, 'int')} offset ${sql.add(offset, 'int')}) hit
       join operation_log o on o.tenant_id = hit.tenant_id and o.id = hit.id
      order by o.created_at desc, o.id desc`,
    sql.values,
  );
  return rows;
}

/**
 * The entries whose target holds a text rare among the newest ones, found through the trigram
 * index: up to `cap` + 1 of them are read once (a bitmap of the index's matches, each checked on
 * its heap page), and both the count and the page come from what was read. The other filters are
 * checked on those rows only (`is true` keeps them from the indexes): the planner takes the
 * trigram bitmap for a thousand rows whatever the text, and would AND it with a bitmap of the
 * tenant's entries, which for a tenant of 60 000 cost three times the 7 400 rows it saved reading.
 */
export async function selectTextMatches(
  db: Db,
  scope: Scope,
  filter: EntryFilter & { target: TargetText },
  cap: number,
  limit: number,
  offset: number,
): Promise<{ total: number; entries: OperationLogEntry[] }> {
  const sql = new BoundValues();
  const others = entryWhere(scope, sql, { ...filter, target: undefined });
  const where = `${targetCondition(sql, filter.target)} and (${others}) is true`;
  const { rows } = await db.query<OperationLogEntry & { total: number }>(
    `with hits as materialized (select * from operation_log o where ${where} limit ${sql.add(cap + 1, 'int')})
     select t.total, p.* from (select count(*)::int as total from hits) t
       left join lateral (select ${ENTRY_COLUMNS} from hits o order by o.created_at desc, o.id desc
                           limit ${sql.add(limit, 'int')} offset ${sql.add(offset, 'int')}) p on true`,
    sql.values,
  );
  const entries = rows.filter((row) => row.id !== null).map(({ total: _, ...entry }) => entry);
  return { total: rows[0]?.total ?? 0, entries };
}

/** How many entries match, counted up to `cap` + 1. */
export async function countEntries(db: Db, scope: Scope, filter: EntryFilter, cap: number): Promise<number> {
  const sql = new BoundValues();
  const { rows } = await db.query<{ total: number }>(
    `select count(*)::int as total from (select 1 from operation_log o where ${entryWhere(scope, sql, filter)}
      limit ${sql.add(cap + 1, 'int')}) x`,
    sql.values,
  );
  return rows[0]?.total ?? 0;
}

/** The entries after `after` (the last one of the previous batch) in the list's order: an export's next batch. */
export async function selectEntriesAfter(
  db: Db,
  scope: Scope,
  filter: EntryFilter,
  after: OperationLogEntry | undefined,
  limit: number,
): Promise<OperationLogEntry[]> {
  const sql = new BoundValues();
  const where = [entryWhere(scope, sql, filter)];
  if (after) {
    where.push(`(o.created_at, o.id) < (${sql.add(after.created_at, 'timestamptz')}, ${sql.add(after.id, 'bigint')})`);
  }
  const { rows } = await db.query<OperationLogEntry>(
    `select ${ENTRY_COLUMNS} from operation_log o where ${where.join(' and ')}
      order by o.created_at desc, o.id desc limit ${sql.add(limit, 'int')}`,
    sql.values,
  );
  return rows;
}

/** The tenant of the user with this name (names are unique across tenants), if the user still exists. */
export async function tenantOfUsername(db: Db, username: string): Promise<string | undefined> {
  const { rows } = await db.query<{ tenant_id: string }>(
    prepared('select tenant_id from app_user where lower(username) = lower($1)', [username]),
  );
  return rows[0]?.tenant_id;
}
