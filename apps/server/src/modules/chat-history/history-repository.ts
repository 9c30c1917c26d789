import type { ChatContact, ChatMessage, ChatNumber } from '@ws/contract';
import { type Scope, scopeWhere } from '../../platform/auth/scope.js';
import { type Pool, prepared } from '../../platform/db/pool.js';
import { isoTime } from '../../platform/db/sql-time.js';
import { BoundValues } from '../../platform/db/sql-values.js';
import type { Position } from './cursor.js';

/** Whose messages: one contact, one number, or one number's thread with one contact. */
export interface Subject {
  contactId?: string | undefined;
  numberId?: string | undefined;
}

/**
 * Which stretch of the history: older than `before` (newest first) or newer than `after` (oldest
 * first). `recent` bounds the scan to the month before the starting point (or before now), `older`
 * to everything earlier, so a page that the last month fills touches only its partitions.
 */
export type Stretch =
  | { before: Position | undefined; months: 'recent' | 'older' }
  | { after: Position; months?: undefined };

/** How far back the first look goes: a little over the longest month, so it spans at most two partitions. */
const RECENT_SPAN = "interval '32 days'";
const NO_POSITION: Position = { createdAt: 'infinity', id: '9223372036854775807' };

export type MessageRow = Omit<ChatMessage, 'cursor'>;

const COLUMNS = `m.id::text, ${isoTime('m.created_at')} as created_at, m.direction, m.type, m.body, m.preview,
  m.status, ${isoTime('m.status_at')} as status_at, ${isoTime('m.sent_at')} as sent_at,
  ${isoTime('m.delivered_at')} as delivered_at, ${isoTime('m.read_at')} as read_at,
  ${isoTime('m.failed_at')} as failed_at, m.error_code, m.error_title, m.number_id::text, n.phone as number_phone,
  m.contact_id::text, c.wa_id as contact_wa_id, c.username as contact_username, c.user_id as contact_user_id,
  c.name as contact_name, m.group_ref::text, m.purpose,
  t.name as template_name, m.sent_by::text, u.username as sent_by_name, m.context_meta_id,
  q.preview as context_preview, m.meta_message_id`;

/**
 * One page of messages. The page's rows are picked first (an index on (tenant, contact or number,
 * created_at desc) in each partition, merged), and only those rows are joined to their number,
 * contact, template, sender and the message they reply to.
 */
export async function selectMessages(
  pool: Pool,
  scope: Scope,
  subject: Subject,
  stretch: Stretch,
  limit: number,
): Promise<MessageRow[]> {
  const sql = new BoundValues();
  const where = [scopeWhere(scope, sql, { tenant: 'm.tenant_id', contact: 'm.contact_id' })];
  if (subject.contactId) where.push(`m.contact_id = ${sql.add(subject.contactId, 'bigint')}`);
  if (subject.numberId) where.push(`m.number_id = ${sql.add(subject.numberId, 'bigint')}`);
  const older = 'before' in stretch;
  const position = older ? (stretch.before ?? NO_POSITION) : stretch.after;
  const at = sql.add(position.createdAt, 'timestamptz');
  const id = sql.add(position.id, 'bigint');
  const count = sql.add(limit, 'int');
  if (older) {
    where.push(`m.created_at <= ${at} and (m.created_at, m.id) < (${at}, ${id})`);
    const monthAgo = `least(${at}, now()) - ${RECENT_SPAN}`;
    where.push(stretch.months === 'recent' ? `m.created_at >= ${monthAgo}` : `m.created_at < ${monthAgo}`);
  } else {
    where.push(`m.created_at >= ${at} and (m.created_at, m.id) > (${at}, ${id})`);
  }
  const order = older ? 'm.created_at desc, m.id desc' : 'm.created_at, m.id';
  const { rows } = await pool.query<MessageRow>(
    prepared(
      `with page as (
         select m.* from message m where ${where.join(' and ')} order by ${order} limit ${count}
       )
       select ${COLUMNS}
         from page m
         join wa_number n on n.tenant_id = m.tenant_id and n.id = m.number_id
         left join contact c on c.tenant_id = m.tenant_id and c.id = m.contact_id
         left join wa_template t on t.tenant_id = m.tenant_id and t.id = m.template_id
         left join app_user u on u.tenant_id = m.tenant_id and u.id = m.sent_by
         left join lateral (
           select r.preview from message r
            where m.context_meta_id is not null and r.tenant_id = m.tenant_id
              and r.meta_message_id = m.context_meta_id and r.created_at <= m.created_at
            order by r.created_at desc limit 1
         ) q on true
        order by ${order}`,
      sql.values,
    ),
  );
  return rows;
}

const WINDOW = "interval '24 hours'";

/** The contact, if the scope may see it, with its 24-hour window with `numberId` (or with any number). */
export async function selectContact(
  pool: Pool,
  scope: Scope,
  contactId: string,
  numberId: string | undefined,
): Promise<ChatContact | undefined> {
  const sql = new BoundValues();
  const where = [scopeWhere(scope, sql, { tenant: 'c.tenant_id', contactOwner: 'c.owner_user_id' })];
  where.push(`c.id = ${sql.add(contactId, 'bigint')}`);
  const inbound = numberId
    ? `(select v.last_inbound_at from conversation v where v.tenant_id = c.tenant_id and v.number_id = ${sql.add(numberId, 'bigint')} and v.contact_id = c.id)`
    : 'c.last_inbound_at';
  const { rows } = await pool.query<ChatContact>(
    prepared(
      `select c.id::text, c.wa_id, c.username, c.user_id, c.name, c.consent, ${isoTime('c.opted_out_at')} as opted_out_at, c.opt_out_channel,
              coalesce(w.at > now() - ${WINDOW}, false) as window_open,
              case when w.at > now() - ${WINDOW} then ${isoTime(`w.at + ${WINDOW}`)} end as window_closes_at,
              c.deleted_at is not null as deleted
         from contact c cross join lateral (select ${inbound} as at) w
        where ${where.join(' and ')}`,
      sql.values,
    ),
  );
  return rows[0];
}

/** The number of the scope's tenant (a seat sees the numbers its conversations are with). */
export async function selectNumber(pool: Pool, scope: Scope, numberId: string): Promise<ChatNumber | undefined> {
  const { rows } = await pool.query<ChatNumber>(
    prepared(
      `select id::text, phone, verified_name, status, quality_rating, deleted_at is not null as deleted
         from wa_number where tenant_id = $1 and id = $2`,
      [scope.tenantId, numberId],
    ),
  );
  return rows[0];
}
