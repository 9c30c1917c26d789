import type pg from 'pg';
import { prepared } from '../../platform/db/pool.js';
import { BoundValues } from '../../platform/db/sql-values.js';

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
function daySourceFilter(tenantId: string, range: StatRange, sql: BoundValues): { table: string; where: string } {
  const where = `tenant_id = ${sql.add(tenantId, 'text')}`;
  const days = `day between ${sql.add(range.from, 'date')} and ${sql.add(range.to, 'date')}`;
  return range.numberId === undefined
    ? { table: 'contact_daily_source', where: `${where} and ${days}` }
    : {
        table: 'contact_daily_stat',
        where: `${where} and number_id = ${sql.add(range.numberId, 'bigint')} and ${days}`,
      };
}

export interface NumberCountsRow extends CountsRow {
  number_id: string;
}

/** The first day of the month of a YYYY-MM-DD day, `months` months on. */
const monthStart = (day: string, months = 0) => {
  const at = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  at.setUTCMonth(at.getUTCMonth() + months);
  return at.toISOString().slice(0, 10);
};

/**
 * The whole calendar months inside a range, as [first day, first day after): empty (from >= to)
 * when the range holds none.
 */
export function wholeMonths(range: { from: string; to: string }): { from: string; to: string } {
  const from = range.from.endsWith('-01') ? range.from : monthStart(range.from, 1);
  const dayAfter = new Date(Date.parse(`${range.to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return { from, to: monthStart(dayAfter) };
}

/**
 * The tenant's `limit` numbers with the most new contacts (then opt-outs) in a range, 0 standing
 * for contacts of no number, ranked in SQL so only the top rows leave the database. The whole
 * months come from contact_month_number (0014), the days before and after them from
 * contact_daily_stat: a year reads a row per number and month, not per number and day.
 */
const BUSIEST_NUMBERS = `
  select number_id, sum(created)::int as created, sum(opted_out)::int as opted_out
    from (select number_id, created, opted_out from contact_daily_stat
           where tenant_id = $1 and day >= $2 and day <= $3 and day < $5
          union all
          select number_id, created, opted_out from contact_month_number
           where tenant_id = $1 and month >= $5 and month < $6
          union all
          select number_id, created, opted_out from contact_daily_stat
           where tenant_id = $1 and day >= greatest($5::date, $6::date) and day <= $3) counts
   group by number_id
   order by created desc, opted_out desc, number_id
   limit $4`;

/** The same for one number: its own rows, over contact_daily_stat_number_idx. */
const ONE_NUMBER = `
  select number_id, sum(created)::int as created, sum(opted_out)::int as opted_out
    from contact_daily_stat
   where tenant_id = $1 and day between $2 and $3 and number_id = $4
   group by number_id`;

export async function busiestNumbers(
  pool: pg.Pool,
  tenantId: string,
  range: StatRange,
  limit: number,
): Promise<NumberCountsRow[]> {
  if (range.numberId !== undefined) {
    const { rows } = await pool.query<NumberCountsRow>(
      prepared(ONE_NUMBER, [tenantId, range.from, range.to, range.numberId]),
    );
    return rows;
  }
  const months = wholeMonths(range);
  const { rows } = await pool.query<NumberCountsRow>(
    prepared(BUSIEST_NUMBERS, [tenantId, range.from, range.to, limit, months.from, months.to]),
  );
  return rows;
}

export interface DaySourceRow extends CountsRow {
  day: string;
  source: string;
}

/** The range by day and source (days x sources rows at most): the charts and the export. */
export async function daySourceRows(pool: pg.Pool, tenantId: string, range: StatRange): Promise<DaySourceRow[]> {
  const sql = new BoundValues();
  const filter = daySourceFilter(tenantId, range, sql);
  const { rows } = await pool.query<DaySourceRow>(
    prepared(
      `select to_char(day, 'YYYY-MM-DD') as day, source, sum(created)::int as created, sum(opted_out)::int as opted_out
         from ${filter.table}
        where ${filter.where}
        group by day, source
        order by day, source`,
      sql.values,
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
  const sql = new BoundValues();
  const tenant = sql.add(tenantId, 'text');
  const byNumber = numberId === undefined ? '' : ` and number_id = ${sql.add(numberId, 'bigint')}`;
  const daily = numberId === undefined ? 'contact_daily_source' : 'contact_daily_stat';
  const { rows } = await pool.query<TotalsRow>(
    prepared(
      // The day bounds are written inline, not joined from a CTE: the planner then bounds the
      // index scan of contact_daily_stat by day (89k rows instead of 9.9M on the big tenant).
      `with consent as (
         select coalesce(sum(contacts) filter (where consent = 'opted_in'), 0)::int as opted_in,
                coalesce(sum(contacts) filter (where consent = 'opted_out'), 0)::int as opted_out,
                coalesce(sum(contacts) filter (where consent = 'none'), 0)::int as none
           from contact_consent_tally where tenant_id = ${tenant}${byNumber}
       )
       select (select coalesce(sum(contacts), 0)::int from contact_tally where tenant_id = ${tenant}${byNumber}) as contacts,
              consent.opted_in, consent.opted_out, consent.none,
              (select coalesce(sum(created), 0)::int from ${daily}
                where tenant_id = ${tenant}${byNumber} and day = (now() at time zone 'UTC')::date) as new_today,
              (select coalesce(sum(created), 0)::int from ${daily}
                where tenant_id = ${tenant}${byNumber} and day >= date_trunc('week', now() at time zone 'UTC')::date) as new_this_week,
              (select count(*)::int from contact
                where tenant_id = ${tenant}${byNumber} and deleted_at is null
                  and last_inbound_at > now() - interval '24 hours') as window_open
         from consent`,
      sql.values,
    ),
  );
  return rows[0] as TotalsRow;
}
