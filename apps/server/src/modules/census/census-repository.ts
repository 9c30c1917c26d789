import type pg from 'pg';
import { prepared } from '../../platform/db/pool.js';

/** The range statistics of one grouping: a day, an owner number (0 for none) or a source. */
export interface RangeGroupRow {
  grouped_by: 'day' | 'number' | 'source';
  day: string | null;
  number_id: string | null;
  source: string | null;
  created: number;
  opted_out: number;
}

export interface StatRange {
  from: string;
  to: string;
  numberId?: string | undefined;
}

/** The filter of contact_daily_stat rows of a range: one statement text with, one without a number. */
const rangeFilter = (range: StatRange) =>
  range.numberId === undefined
    ? { where: 'tenant_id = $1 and day between $2 and $3', values: [range.from, range.to] }
    : {
        where: 'tenant_id = $1 and number_id = $4 and day between $2 and $3',
        values: [range.from, range.to, range.numberId],
      };

/**
 * New contacts and opt-outs of a range summed by day, by number and by source in one read of
 * contact_daily_stat (grouping sets), which holds one row per day, number and source.
 */
export async function rangeGroups(pool: pg.Pool, tenantId: string, range: StatRange): Promise<RangeGroupRow[]> {
  const filter = rangeFilter(range);
  const { rows } = await pool.query<RangeGroupRow>(
    prepared(
      `select case grouping(day, number_id, source) when 3 then 'day' when 5 then 'number' else 'source' end as grouped_by,
              to_char(day, 'YYYY-MM-DD') as day, number_id, source,
              sum(created)::int as created, sum(opted_out)::int as opted_out
         from contact_daily_stat
        where ${filter.where}
        group by grouping sets ((day), (number_id), (source))`,
      [tenantId, ...filter.values],
    ),
  );
  return rows;
}

export interface DaySourceRow {
  day: string;
  source: string;
  created: number;
  opted_out: number;
}

/** The range by day and source, for the export (days x sources rows at most). */
export async function daySourceRows(pool: pg.Pool, tenantId: string, range: StatRange): Promise<DaySourceRow[]> {
  const filter = rangeFilter(range);
  const { rows } = await pool.query<DaySourceRow>(
    prepared(
      `select to_char(day, 'YYYY-MM-DD') as day, source, sum(created)::int as created, sum(opted_out)::int as opted_out
         from contact_daily_stat
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
 * (0009: live contacts per number and consent state) and contact_daily_stat (new contacts per UTC
 * day); only the open windows are counted, over contact_inbound_idx, which reads just the contacts
 * who wrote in the last 24 hours. Each sum reads one row per number (per day), never per contact.
 */
export async function totals(pool: pg.Pool, tenantId: string, numberId: string | undefined): Promise<TotalsRow> {
  const byNumber = numberId === undefined ? '' : ' and number_id = $2';
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
              (select coalesce(sum(created), 0)::int from contact_daily_stat
                where tenant_id = $1${byNumber} and day = (now() at time zone 'UTC')::date) as new_today,
              (select coalesce(sum(created), 0)::int from contact_daily_stat
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
