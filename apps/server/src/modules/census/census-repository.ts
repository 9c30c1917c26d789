import type pg from 'pg';
import { prepared } from '../../platform/db/pool.js';

export interface CountsRow {
  created: number;
  opted_out: number;
}

export interface StatRange {
  from: string;
  to: string;
  numberId?: string | undefined;
}

/**
 * Where a range's day and source counts come from: without a number, contact_daily_source (0012:
 * a row per day, source and number bucket, a few thousand a year); for one number, that number's
 * contact_daily_stat rows over contact_daily_stat_number_idx. One statement text each.
 */
const daySourceFilter = (range: StatRange) =>
  range.numberId === undefined
    ? {
        table: 'contact_daily_source',
        where: 'tenant_id = $1 and day between $2 and $3',
        values: [range.from, range.to],
      }
    : {
        table: 'contact_daily_stat',
        where: 'tenant_id = $1 and number_id = $4 and day between $2 and $3',
        values: [range.from, range.to, range.numberId],
      };

export interface NumberCountsRow extends CountsRow {
  number_id: string;
}

/**
 * The `limit` numbers with the most new contacts (then opt-outs) in a range, 0 standing for
 * contacts of no number. Inherently a row per number and day: the range is read through the
 * primary key's day order, the ranking done in SQL so only the top rows leave the database.
 */
export async function busiestNumbers(
  pool: pg.Pool,
  tenantId: string,
  range: StatRange,
  limit: number,
): Promise<NumberCountsRow[]> {
  const byNumber = range.numberId === undefined ? '' : ' and number_id = $5';
  const { rows } = await pool.query<NumberCountsRow>(
    prepared(
      `select number_id, sum(created)::int as created, sum(opted_out)::int as opted_out
         from contact_daily_stat
        where tenant_id = $1 and day between $2 and $3${byNumber}
        group by number_id
        order by created desc, opted_out desc, number_id
        limit $4`,
      [tenantId, range.from, range.to, limit, ...(range.numberId === undefined ? [] : [range.numberId])],
    ),
  );
  return rows;
}

export interface DaySourceRow extends CountsRow {
  day: string;
  source: string;
}

/** The range by day and source (days x sources rows at most): the charts and the export. */
export async function daySourceRows(pool: pg.Pool, tenantId: string, range: StatRange): Promise<DaySourceRow[]> {
  const filter = daySourceFilter(range);
  const { rows } = await pool.query<DaySourceRow>(
    prepared(
      `select to_char(day, 'YYYY-MM-DD') as day, source, sum(created)::int as created, sum(opted_out)::int as opted_out
         from ${filter.table}
        where ${filter.where}
        group by day, source
        order by day, source`,
      [tenantId, ...filter.values],
    ),
  );
  return rows;
}

/** Phone numbers of the tenant's numbers (recycled ones included: their contacts still count). */
export async function phonesOf(pool: pg.Pool, tenantId: string, numberIds: readonly string[]) {
  const { rows } = await pool.query<{ id: string; phone: string }>(
    prepared('select id, phone from wa_number where tenant_id = $1 and id = any($2::bigint[])', [tenantId, numberIds]),
  );
  return new Map(rows.map((row) => [row.id, row.phone]));
}

export async function numberExists(pool: pg.Pool, tenantId: string, numberId: string): Promise<boolean> {
  const { rowCount } = await pool.query(
    prepared('select 1 from wa_number where tenant_id = $1 and id = $2', [tenantId, numberId]),
  );
  return rowCount === 1;
}

export interface TotalsRow {
  contacts: number;
  opted_in: number;
  opted_out: number;
  none: number;
  new_today: number;
  new_this_week: number;
  window_open: number;
}

/**
 * Contact totals from the roll-ups: contact_tally (live contacts per number), contact_consent_tally
 * (0009: live contacts per number and consent state) and contact_daily_source or, for one number,
 * contact_daily_stat (new contacts per UTC day); only the open windows are counted, over
 * contact_inbound_idx, which reads just the contacts who wrote in the last 24 hours. Each sum reads
 * one row per number (per day), never per contact.
 */
export async function totals(pool: pg.Pool, tenantId: string, numberId: string | undefined): Promise<TotalsRow> {
  const byNumber = numberId === undefined ? '' : ' and number_id = $2';
  const daily = numberId === undefined ? 'contact_daily_source' : 'contact_daily_stat';
  const { rows } = await pool.query<TotalsRow>(
    prepared(
      // The day bounds are written inline, not joined from a CTE: the planner then bounds the
      // index scan of contact_daily_stat by day (89k rows instead of 9.9M on the big tenant).
      `with consent as (
         select coalesce(sum(contacts) filter (where consent = 'opted_in'), 0)::int as opted_in,
                coalesce(sum(contacts) filter (where consent = 'opted_out'), 0)::int as opted_out,
                coalesce(sum(contacts) filter (where consent = 'none'), 0)::int as none
           from contact_consent_tally where tenant_id = $1${byNumber}
       )
       select (select coalesce(sum(contacts), 0)::int from contact_tally where tenant_id = $1${byNumber}) as contacts,
              consent.opted_in, consent.opted_out, consent.none,
              (select coalesce(sum(created), 0)::int from ${daily}
                where tenant_id = $1${byNumber} and day = (now() at time zone 'UTC')::date) as new_today,
              (select coalesce(sum(created), 0)::int from ${daily}
                where tenant_id = $1${byNumber} and day >= date_trunc('week', now() at time zone 'UTC')::date) as new_this_week,
              (select count(*)::int from contact
                where tenant_id = $1${byNumber} and deleted_at is null
                  and last_inbound_at > now() - interval '24 hours') as window_open
         from consent`,
      numberId === undefined ? [tenantId] : [tenantId, numberId],
    ),
  );
  return rows[0] as TotalsRow;
}
