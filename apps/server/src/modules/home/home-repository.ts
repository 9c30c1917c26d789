import { HOME_DAYS, type HomeSummary } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { type Db, prepared } from '../../platform/db/pool.js';

/**
 * The dashboard's figures of numbers, contacts and messages, each read from a roll-up, never by
 * counting numbers, contacts or messages (decision 0030): number_tally (0048: live numbers per
 * status, quality and tier), contact_consent_total (0048: per consent state and bucket),
 * contact_daily_source (0012: per day, source and bucket) and message_day (0048: per day and bucket).
 */

export interface NumberGroupRow {
  /** Which grouping the row belongs to. */
  by: 'status' | 'quality' | 'tier';
  value: string | null;
  numbers: number;
}

/** The tenant's numbers outside the recycle bin by status, by quality and by tier (null: not known). */
export async function numberGroups(db: Db, scope: Scope): Promise<NumberGroupRow[]> {
  const { rows } = await db.query<NumberGroupRow>(
    prepared(
      `select case when grouping(status) = 0 then 'status' when grouping(quality_rating) = 0 then 'quality' else 'tier' end as by,
              coalesce(status, quality_rating, nullif(tier, '')) as value, sum(numbers)::int as numbers
         from number_tally where tenant_id = $1 and numbers <> 0
        group by grouping sets ((status), (quality_rating), (tier))
        order by 1, numbers desc, 2`,
      [scope.tenantId],
    ),
  );
  return rows;
}

type Quality = HomeSummary['numbers_by_quality'][number]['quality'];
export const qualityOf = (value: string | null) => (value ?? 'UNKNOWN') as Quality;

export async function contactConsent(db: Db, scope: Scope) {
  const { rows } = await db.query<{ total: number; opted_in: number; opted_out: number }>(
    prepared(
      `select coalesce(sum(contacts), 0)::int as total,
              coalesce(sum(contacts) filter (where consent = 'opted_in'), 0)::int as opted_in,
              coalesce(sum(contacts) filter (where consent = 'opted_out'), 0)::int as opted_out
         from contact_consent_total where tenant_id = $1`,
      [scope.tenantId],
    ),
  );
  return rows[0] as { total: number; opted_in: number; opted_out: number };
}

const FIRST_DAY = `(now() at time zone 'UTC')::date - ${HOME_DAYS - 1}`;
/** The last HOME_DAYS UTC days, today last, each joined to its sums of one index range scan. */
const LAST_DAYS = `generate_series(${FIRST_DAY}, (now() at time zone 'UTC')::date, interval '1 day') as d (at)`;

/** New contacts and opt-outs per day of the last HOME_DAYS days, every day present. */
export async function contactDays(db: Db, scope: Scope) {
  const { rows } = await db.query<{ day: string; created: number; opted_out: number }>(
    prepared(
      `select to_char(d.at, 'YYYY-MM-DD') as day, coalesce(s.created, 0)::int as created,
              coalesce(s.opted_out, 0)::int as opted_out
         from ${LAST_DAYS}
         left join (select day, sum(created) as created, sum(opted_out) as opted_out from contact_daily_source
                     where tenant_id = $1 and day >= ${FIRST_DAY} group by day) s on s.day = d.at::date
        order by d.at`,
      [scope.tenantId],
    ),
  );
  return rows;
}

/** Messages per day of the last HOME_DAYS days (message_day, 0048), every day present. */
export async function messageDays(db: Db, scope: Scope) {
  const { rows } = await db.query<{
    day: string;
    sent: number;
    received: number;
    delivered: number;
    read: number;
    failed: number;
  }>(
    prepared(
      `select to_char(d.at, 'YYYY-MM-DD') as day, coalesce(m.sent, 0)::int as sent,
              coalesce(m.received, 0)::int as received, coalesce(m.delivered, 0)::int as delivered,
              coalesce(m.read, 0)::int as read, coalesce(m.failed, 0)::int as failed
         from ${LAST_DAYS}
         left join (select day, sum(sent) as sent, sum(received) as received, sum(delivered) as delivered,
                           sum(read) as read, sum(failed) as failed
                      from message_day where tenant_id = $1 and day >= ${FIRST_DAY} group by day) m on m.day = d.at::date
        order by d.at`,
      [scope.tenantId],
    ),
  );
  return rows;
}
