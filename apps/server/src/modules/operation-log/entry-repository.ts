/** The operation log as its screen reads it (`operation/list`, `operation/down`). */
import type { OperationLogEntry, OperationLogFilter } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { likePattern } from '../../platform/db/like-pattern.js';
import type { Db } from '../../platform/db/pool.js';
import { prepared } from '../../platform/db/pool.js';
import { isoTime } from '../../platform/db/sql-time.js';
import { BoundValues } from '../../platform/db/sql-values.js';

/** The filters of a query, with the tenant a user name belongs to when the platform admin reads across tenants. */
export type EntryFilter = OperationLogFilter & { usernameTenant?: string | undefined };

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
 * The target holds the text. The trigram index is asked for the text's longest word only: GIN
 * reads the whole posting list of every trigram it is given, and a frequent word ("link", "tag")
 * has one as long as the table. The whole text is then checked on the rows it finds, through an
 * expression the index does not serve (`coalesce`), so the planner cannot hand it those trigrams.
 */
function targetCondition(sql: BoundValues, text: string): string {
  const whole = sql.add(likePattern(text), 'text');
  const longest = text.split(/\s+/).reduce((best, word) => (word.length > best.length ? word : best), '');
  if (longest.length < 3 || longest === text) return `o.target ilike ${whole}`;
  return `o.target ilike ${sql.add(likePattern(longest), 'text')} and coalesce(o.target, '') ilike ${whole}`;
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
 * the other filters (read in time order from their index): a frequent text fills its page here
 * without the trigram index, which for a frequent text would hand back every match to be sorted.
 */
export async function selectTextInNewest(
  db: Db,
  scope: Scope,
  filter: EntryFilter & { target: string },
  window: number,
  limit: number,
  offset: number,
): Promise<OperationLogEntry[]> {
  const sql = new BoundValues();
  const where = entryWhere(scope, sql, { ...filter, target: undefined });
  const { rows } = await db.query<OperationLogEntry>(
    `select ${ENTRY_COLUMNS} from (select * from operation_log o where ${where}
        order by o.created_at desc, o.id desc limit ${sql.add(window, 'int')}) o
      where ${targetCondition(sql, filter.target)}
      order by o.created_at desc, o.id desc limit ${sql.add(limit, 'int')} offset ${sql.add(offset, 'int')}`,
    sql.values,
  );
  return rows;
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
