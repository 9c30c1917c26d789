import { RECIPIENT_STATES, type RecipientState } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { likePattern } from '../../platform/db/like-pattern.js';
import type { PageSpan } from '../../platform/db/page-span.js';
import type { Db } from '../../platform/db/pool.js';
import { isoTime } from '../../platform/db/sql-time.js';
import { BoundValues } from '../../platform/db/sql-values.js';

export interface RecipientFilter {
  state?: RecipientState | null | undefined;
  numberId?: string | null | undefined;
  /** Digits of the phone number. */
  search?: string | undefined;
}

/** A recipient row as the details and the download show it. */
export interface RecipientRow {
  contact_id: string;
  wa_id: string;
  name: string;
  number_id: string;
  number_phone: string;
  state: number;
  variant: number;
  run_no: number;
  message_id: string | null;
  error_code: number | null;
  error_title: string | null;
  updated_at: string;
}

const COLUMNS = `r.contact_id::text, c.wa_id, c.name, r.number_id::text, n.phone as number_phone, r.state, r.variant, r.run_no,
  r.message_id::text, r.error_code, r.error_title, ${isoTime('r.updated_at')} as updated_at`;
const FROM = `campaign_recipient r
  join contact c on c.tenant_id = r.tenant_id and c.id = r.contact_id
  join wa_number n on n.tenant_id = r.tenant_id and n.id = r.number_id`;

function recipientWhere(scope: Scope, campaignId: string, filter: RecipientFilter, sql: BoundValues): string {
  // Recipients are reached through the campaign id; the tenant condition keeps them the caller's.
  const where = [
    `r.campaign_id = ${sql.add(campaignId, 'bigint')}`,
    `r.tenant_id = ${sql.add(scope.tenantId, 'text')}`,
  ];
  if (filter.state) where.push(`r.state = ${sql.add(RECIPIENT_STATES.indexOf(filter.state), 'int')}`);
  if (filter.numberId) where.push(`r.number_id = ${sql.add(filter.numberId, 'bigint')}`);
  if (filter.search) where.push(`c.wa_id like ${sql.add(likePattern(filter.search.replace(/\D/g, '')), 'text')}`);
  return where.join(' and ');
}

/** A page of a campaign's recipients in contact order (the key's order). */
export async function selectRecipients(
  db: Db,
  scope: Scope,
  campaignId: string,
  filter: RecipientFilter,
  page: PageSpan,
): Promise<RecipientRow[]> {
  const sql = new BoundValues();
  const where = recipientWhere(scope, campaignId, filter, sql);
  const { rows } = await db.query<RecipientRow>(
    `select ${COLUMNS} from ${FROM} where ${where} order by r.contact_id
      limit ${sql.add(page.limit, 'int')} offset ${sql.add(page.offset, 'int')}`,
    sql.values,
  );
  return rows;
}

/** The next batch of recipients after a contact id, for the download. */
export async function selectRecipientsAfter(
  db: Db,
  scope: Scope,
  campaignId: string,
  filter: RecipientFilter,
  afterContactId: string,
  limit: number,
): Promise<RecipientRow[]> {
  const sql = new BoundValues();
  const where = recipientWhere(scope, campaignId, filter, sql);
  const { rows } = await db.query<RecipientRow>(
    `select ${COLUMNS} from ${FROM} where ${where} and r.contact_id > ${sql.add(afterContactId, 'bigint')}
      order by r.contact_id limit ${sql.add(limit, 'int')}`,
    sql.values,
  );
  return rows;
}

/** Matching recipients counted up to a cap (a phone search, which no roll-up answers). */
export async function countRecipients(
  db: Db,
  scope: Scope,
  campaignId: string,
  filter: RecipientFilter,
  cap: number,
): Promise<number> {
  const sql = new BoundValues();
  const where = recipientWhere(scope, campaignId, filter, sql);
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from (select 1 from ${FROM} where ${where} limit ${sql.add(cap + 1, 'int')}) m`,
    sql.values,
  );
  return rows[0]?.n ?? 0;
}

/** Recipients reaching each state per minute, or per hour for a campaign longer than six hours. */
export async function selectTimeline(db: Db, campaignId: string): Promise<{ at: string; state: number; n: number }[]> {
  const { rows } = await db.query(
    `with span as (select coalesce(max(minute) - min(minute) > interval '6 hours', false) as long
                     from campaign_timeline where campaign_id = $1)
     select ${isoTime("date_trunc(case when span.long then 'hour' else 'minute' end, t.minute)")} as at,
            t.state, sum(t.n)::float8 as n
       from campaign_timeline t cross join span
      where t.campaign_id = $1
      group by 1, 2 order by 1, 2`,
    [campaignId],
  );
  return rows;
}
