import { HOME_DAYS, type HomeSummary } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { type Db, prepared } from '../../platform/db/pool.js';

/**
 * The dashboard's figures of numbers, contacts and messages, each read from a roll-up or a small
 * table, never by counting contacts or messages (decision 0030): a tenant's numbers (wa_number,
 * up to about 100 000, over its tenant index), contact_consent_tally (0009: a row per number and
 * consent state), contact_daily_source (0012: per day, source and bucket) and message_day (0048:
 * per day and bucket).
 */

export interface NumberGroupRow {
  /** Which grouping the row belongs to. */
  by: 'status' | 'quality' | 'tier';
  value: string | null;
  numbers: number;
}

/** The tenant's numbers outside the recycle bin by status, by quality and by tier, in one pass. */
export async function numberGroups(db: Db, scope: Scope): Promise<NumberGroupRow[]> {
  const { rows } = await db.query<NumberGroupRow>(
    prepared(
      `select case when grouping(status) = 0 then 'status' when grouping(quality_rating) = 0 then 'quality' else 'tier' end as by,
              coalesce(status, quality_rating, messaging_limit_tier) as value, count(*)::int as numbers
         from wa_number where tenant_id = $1 and deleted_at is null
        group by grouping sets ((status), (quality_rating), (messaging_limit_tier))
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
         from contact_consent_tally where tenant_id = $1`,
      [scope.tenantId],
    ),
  );
  return rows[0] as { total: number; opted_in: number; opted_out: number };
}

/** The last HOME_DAYS UTC days, today last; the days are written inline so each is an index look-up. */
const LAST_DAYS = `generate_series((now() at time zone 'UTC')::date - ${HOME_DAYS - 1}, (now() at time zone 'UTC')::date,
  interval '1 day') as d (at)`;

/** New contacts and opt-outs per day of the last HOME_DAYS days, every day present. */
export async function contactDays(db: Db, scope: Scope) {
  const { rows } = await db.query<{ day: string; created: number; opted_out: number }>(
    prepared(
      `select to_char(d.at, 'YYYY-MM-DD') as day, coalesce(sum(s.created), 0)::int as created,
              coalesce(sum(s.opted_out), 0)::int as opted_out
         from ${LAST_DAYS}
         left join contact_daily_source s on s.tenant_id = $1 and s.day = d.at::date
        group by d.at order by d.at`,
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
      `select to_char(d.at, 'YYYY-MM-DD') as day, coalesce(sum(m.sent), 0)::int as sent,
              coalesce(sum(m.received), 0)::int as received, coalesce(sum(m.delivered), 0)::int as delivered,
              coalesce(sum(m.read), 0)::int as read, coalesce(sum(m.failed), 0)::int as failed
         from ${LAST_DAYS}
         left join message_day m on m.tenant_id = $1 and m.day = d.at::date
        group by d.at order by d.at`,
      [scope.tenantId],
    ),
  );
  return rows;
}
