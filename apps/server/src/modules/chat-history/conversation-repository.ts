import type { ConversationSummary } from '@ws/contract';
import { likePattern } from '../../platform/db/like-pattern.js';
import { type Pool, prepared } from '../../platform/db/pool.js';
import { isoTimeMicros } from '../../platform/db/sql-time.js';

export interface ConversationCriteria {
  numberId?: string | undefined;
  search?: string | undefined;
}

/**
 * The conversations that match, as SQL conditions on `v`. Those of contacts and numbers in the
 * recycle bin are listed too (flagged), as their history still is: that keeps the count a plain
 * index scan of conversations.
 */
function conditions(tenantId: string, criteria: ConversationCriteria) {
  const values: unknown[] = [tenantId];
  const where = ['v.tenant_id = $1'];
  if (criteria.numberId) {
    values.push(criteria.numberId);
    where.push(`v.number_id = $${values.length}`);
  }
  if (criteria.search) {
    values.push(likePattern(criteria.search));
    // Matching contacts first (trigram indexes), then their conversations.
    where.push(`v.contact_id in (select c.id from contact c where c.tenant_id = $1
                  and (c.wa_id ilike $${values.length} or c.name ilike $${values.length}))`);
  }
  return { values, where: where.join(' and ') };
}

/** One page of conversations, most recent first, each with the preview of its newest message. */
export async function selectConversations(
  pool: Pool,
  tenantId: string,
  criteria: ConversationCriteria,
  limit: number,
  offset: number,
): Promise<ConversationSummary[]> {
  const { values, where } = conditions(tenantId, criteria);
  values.push(limit, offset);
  const { rows } = await pool.query<ConversationSummary>(
    prepared(
      `with page as (
         select v.* from conversation v where ${where}
          order by v.last_message_at desc, v.contact_id desc, v.number_id desc
          limit $${values.length - 1} offset $${values.length}
       )
       select v.number_id::text, n.phone as number_phone, n.verified_name as number_name, v.contact_id::text,
              c.wa_id as contact_wa_id, c.name as contact_name, ${isoTimeMicros('v.last_message_at')} as last_message_at,
              ${isoTimeMicros('v.last_inbound_at')} as last_inbound_at,
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
      values,
    ),
  );
  return rows;
}

/** How many conversations match, counting at most `cap` + 1 of them. */
export async function countConversations(
  pool: Pool,
  tenantId: string,
  criteria: ConversationCriteria,
  cap: number,
): Promise<number> {
  const { values, where } = conditions(tenantId, criteria);
  values.push(cap + 1);
  const { rows } = await pool.query<{ total: number }>(
    prepared(
      `select count(*)::int as total from (select 1 from conversation v where ${where} limit $${values.length}) x`,
      values,
    ),
  );
  return rows[0]?.total ?? 0;
}
