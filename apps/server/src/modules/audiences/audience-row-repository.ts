import type { AudienceRow, RowOutcome } from '@ws/contract';
import { type Scope, scopeWhere } from '../../platform/auth/scope.js';
import type { PageSpan } from '../../platform/db/page-span.js';
import type { Db } from '../../platform/db/pool.js';
import { isoTime } from '../../platform/db/sql-time.js';
import { BoundValues } from '../../platform/db/sql-values.js';

export interface RowFilter {
  outcome?: RowOutcome | null | undefined;
  /** Digits of the number as written or of its E.164 form. */
  search?: string | undefined;
}

const COLUMNS = `r.row_no::float8 as row, r.phone, case when r.wa_id is null then null else '+' || r.wa_id end as e164,
  r.country, r.phone_type as type, r.name, r.outcome, r.reason, ${isoTime('r.opted_in_at')} as opted_in_at,
  r.language, r.tags, coalesce(r.fields, '{}') as fields`;

function rowWhere(scope: Scope, sql: BoundValues, listId: string, filter: RowFilter): string[] {
  const where = [scopeWhere(scope, sql, { tenant: 'r.tenant_id' }), `r.list_id = ${sql.add(listId, 'bigint')}`];
  if (filter.outcome) where.push(`r.outcome = ${sql.add(filter.outcome, 'text')}`);
  const digits = filter.search?.replace(/\D/g, '');
  if (digits) {
    const pattern = sql.add(`%${digits}%`, 'text');
    where.push(`(r.wa_id like ${pattern} or regexp_replace(r.phone, '\\D', '', 'g') like ${pattern})`);
  }
  return where;
}

/** A page of a list's rows in file order; the list's own counts give the totals of unsearched pages. */
export async function selectAudienceRows(
  db: Db,
  scope: Scope,
  listId: string,
  filter: RowFilter,
  page: PageSpan,
): Promise<AudienceRow[]> {
  const sql = new BoundValues();
  const where = rowWhere(scope, sql, listId, filter);
  const { rows } = await db.query<AudienceRow>(
    `select ${COLUMNS} from audience_row r where ${where.join(' and ')} order by r.row_no
      limit ${sql.add(page.limit, 'int')} offset ${sql.add(page.offset, 'int')}`,
    sql.values,
  );
  return rows;
}

/** Rows matching a search, counted up to `cap` (a list can hold ten million). */
export async function countAudienceRows(
  db: Db,
  scope: Scope,
  listId: string,
  filter: RowFilter,
  cap: number,
): Promise<number> {
  const sql = new BoundValues();
  const where = rowWhere(scope, sql, listId, filter);
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from (select 1 from audience_row r where ${where.join(' and ')}
      limit ${sql.add(cap, 'int')}) capped`,
    sql.values,
  );
  return rows[0]?.n ?? 0;
}

/** The next rows of a list after `afterRow`, in file order: a download reads the list in such batches. */
export async function selectAudienceRowsAfter(
  db: Db,
  scope: Scope,
  listId: string,
  filter: RowFilter,
  afterRow: number,
  limit: number,
): Promise<AudienceRow[]> {
  const sql = new BoundValues();
  const where = rowWhere(scope, sql, listId, filter);
  where.push(`r.row_no > ${sql.add(afterRow, 'bigint')}`);
  const { rows } = await db.query<AudienceRow>(
    `select ${COLUMNS} from audience_row r where ${where.join(' and ')} order by r.row_no limit ${sql.add(limit, 'int')}`,
    sql.values,
  );
  return rows;
}
