import type pg from 'pg';
import { prepared } from '../../platform/db/pool.js';

/**
 * The home page's figures, each read from a roll-up or a small table, never by counting contacts
 * or messages: a tenant's numbers (hundreds, over the tenant's key), contact_consent_tally (0009:
 * a row per number and consent state) and number_daily_count (0004: a row per number and UTC day,
 * looked up by its key for each of the tenant's numbers).
 */

export async function numbersByStatus(pool: pg.Pool, tenantId: string) {
  const { rows } = await pool.query<{ status: string; numbers: number }>(
    prepared(
      `select status, count(*)::int as numbers from wa_number
        where tenant_id = $1 and deleted_at is null
        group by status order by numbers desc, status`,
      [tenantId],
    ),
  );
  return rows;
}

export async function contactConsent(pool: pg.Pool, tenantId: string) {
  const { rows } = await pool.query<{ total: number; opted_in: number; opted_out: number }>(
    prepared(
      `select coalesce(sum(contacts), 0)::int as total,
              coalesce(sum(contacts) filter (where consent = 'opted_in'), 0)::int as opted_in,
              coalesce(sum(contacts) filter (where consent = 'opted_out'), 0)::int as opted_out
         from contact_consent_tally where tenant_id = $1`,
      [tenantId],
    ),
  );
  return rows[0] as { total: number; opted_in: number; opted_out: number };
}

/** Numbers in the recycle bin count too: their messages of today were sent and received. */
export async function messagesToday(pool: pg.Pool, tenantId: string) {
  const { rows } = await pool.query<{ sent: number; received: number }>(
    prepared(
      `select coalesce(sum(d.sent), 0)::int as sent, coalesce(sum(d.received), 0)::int as received
         from wa_number n
         join number_daily_count d
           on d.tenant_id = n.tenant_id and d.number_id = n.id and d.day = (now() at time zone 'UTC')::date
        where n.tenant_id = $1`,
      [tenantId],
    ),
  );
  return rows[0] as { sent: number; received: number };
}
