import type { ConversationSummary } from '@ws/contract';
import { type Scope, scopeWhere } from '../../platform/auth/scope.js';
import { likePattern } from '../../platform/db/like-pattern.js';
import { type Pool, prepared } from '../../platform/db/pool.js';
import { isoTime } from '../../platform/db/sql-time.js';
import { BoundValues } from '../../platform/db/sql-values.js';

export interface ConversationCriteria {
  numberId?: string | undefined;
  search?: string | undefined;
}

/**
 * The conversations that match, as SQL conditions on `v`. Those of contacts and numbers in the
 * recycle bin are listed too (flagged), as their history still is: that keeps the count a plain
 * index scan of conversations.
 */
function conditions(scope: Scope, criteria: ConversationCriteria, sql: BoundValues): string {
  const where = [scopeWhere(scope, sql, { tenant: 'v.tenant_id', contact: 'v.contact_id' })];
  if (criteria.numberId) where.push(`v.number_id = ${sql.add(criteria.numberId, 'bigint')}`);
  if (criteria.search) {
    const pattern = sql.add(likePattern(criteria.search), 'text');
    const whole = sql.add(criteria.search, 'text');
    // Matching contacts first (trigram indexes; a BSUID whole, through its index), then their conversations.
    where.push(`v.contact_id in (select c.id from contact c where c.tenant_id = v.tenant_id
                  and (c.wa_id ilike ${pattern} or c.name ilike ${pattern} or c.username ilike ${pattern}
                       or c.user_id = ${whole}))`);
  }
  return where.join(' and ');
}

/** One page of conversations, most recent first, each with the preview of its newest message. */
export async function selectConversations(
  pool: Pool,
  scope: Scope,
  criteria: ConversationCriteria,
  limit: number,
  offset: number,
): Promise<ConversationSummary[]> {
  const sql = new BoundValues();
  const where = conditions(scope, criteria, sql);
  const { rows } = await pool.query<ConversationSummary>(
    prepared(
      `with page as (
         select v.* from conversation v where ${where}
          order by v.last_message_at desc, v.contact_id desc, v.number_id desc
          limit ${sql.add(limit, 'int')} offset ${sql.add(offset, 'int')}
       )
       select v.number_id::text, n.phone as number_phone, n.verified_name as number_name, v.contact_id::text,
              c.wa_id as contact_wa_id, c.username as contact_username, c.user_id as contact_user_id,
              c.name as contact_name, ${isoTime('v.last_message_at')} as last_message_at,
              ${isoTime('v.last_inbound_at')} as last_inbound_at,
              coalesce(v.last_inbound_at > now() - interval '24 hours', false) as window_open, v.unread,
              coalesce(p.preview, '') as preview, n.deleted_at is not null as number_deleted,
              c.deleted_at is not null as contact_deleted
         from page v
         join wa_number n on n.tenant_id = v.tenant_id and n.id = v.number_id
         join contact c on c.tenant_id = v.tenant_id and c.id = v.contact_id
         left join lateral (
           -- The contact's index (number_id + 0 keeps the planner off the number's, which is far
           -- larger per key); the newest message is at most a month older than last_message_at
           -- unless it waited longer in the queue, and then the preview stays empty.
           select m.preview from message m
            where m.tenant_id = v.tenant_id and m.contact_id = v.contact_id and m.number_id + 0 = v.number_id
              and m.created_at <= v.last_message_at and m.created_at > v.last_message_at - interval '32 days'
            order by m.created_at desc, m.id desc limit 1
         ) p on true
        order by v.last_message_at desc, v.contact_id desc, v.number_id desc`,
      sql.values,
    ),
  );
  return rows;
}

/** How many conversations match, counting at most `cap` + 1 of them. */
export async function countConversations(
  pool: Pool,
  scope: Scope,
  criteria: ConversationCriteria,
  cap: number,
): Promise<number> {
  const sql = new BoundValues();
  const where = conditions(scope, criteria, sql);
  const { rows } = await pool.query<{ total: number }>(
    prepared(
      `select count(*)::int as total from (select 1 from conversation v where ${where} limit ${sql.add(cap + 1, 'int')}) x`,
      sql.values,
    ),
  );
  return rows[0]?.total ?? 0;
}
