import type { ConversationStatus, InboxConversation, InboxQueue } from '@ws/contract';
import { type Scope, scopeWhere } from '../../platform/auth/scope.js';
import { likePattern } from '../../platform/db/like-pattern.js';
import { type Db, prepared } from '../../platform/db/pool.js';
import { isoTime } from '../../platform/db/sql-time.js';
import { BoundValues } from '../../platform/db/sql-values.js';

export interface InboxCriteria {
  queue: InboxQueue;
  status?: ConversationStatus | undefined;
  search?: string | undefined;
  numberId?: string | undefined;
}

/** The list's filters on `v` (a conversation), besides the scope and the queue. */
function filters(criteria: InboxCriteria, sql: BoundValues): string[] {
  const where: string[] = [];
  if (criteria.status) where.push(`v.status = ${sql.add(criteria.status, 'text')}`);
  if (criteria.numberId) where.push(`v.number_id = ${sql.add(criteria.numberId, 'bigint')}`);
  if (criteria.search) {
    const pattern = sql.add(likePattern(criteria.search), 'text');
    // Matching contacts first (their trigram indexes), then their conversations.
    where.push(`v.contact_id in (select c.id from contact c where c.tenant_id = v.tenant_id
                  and (c.wa_id ilike ${pattern} or c.name ilike ${pattern} or c.username ilike ${pattern}))`);
  }
  return where;
}

/**
 * The parts of the inbox, each read through an index of its own, as conditions on `v` with the
 * scope (which keeps a seat to its own and its numbers' waiting conversations) and the filters.
 * A seat's whole inbox is two parts: its conversations (`conversation_assignee_recent_idx`) and
 * its numbers' queue (`conversation_queue_idx`); one condition with OR would walk the tenant's
 * conversations newest first to find them. Admins and operators read the tenant's list; their
 * `unassigned` is the tenant's queue (they supervise it).
 */
function parts(scope: Scope, criteria: InboxCriteria, sql: BoundValues): string[] {
  const scoped = scopeWhere(scope, sql, { tenant: 'v.tenant_id', inboxConversation: 'v' });
  const extra = filters(criteria, sql);
  // Built only when used: a bound value the statement does not name has no type PostgreSQL can infer.
  const mine = () => `v.assignee_user_id = ${sql.add(scope.userId, 'bigint')}`;
  const queue = `v.assignee_user_id is null and v.status = 'open'`;
  const inQueue = criteria.status === undefined || criteria.status === 'open';
  const chosen =
    criteria.queue === 'mine'
      ? [mine()]
      : criteria.queue === 'unassigned'
        ? [queue]
        : scope.assignee === undefined
          ? ['true']
          : inQueue
            ? [mine(), queue]
            : [mine()];
  return chosen.map((part) => [scoped, part, ...extra].join(' and '));
}

const NEWEST_FIRST = 'order by v.last_message_at desc, v.id desc';

/**
 * The reply's row of each conversation of `page` (a CTE over `conversation v`): contact, number,
 * tags, assignee, the window and the newest message's preview. The page is read first
 * (materialized), then each of its rows joined by key: inlined, a tenant whose statistics were
 * older than its rows had one conversation found by walking every number × contact pair of the
 * tenant (250 ms for 500 conversations, bench/agents.mjs).
 */
const decorated = (page: string) => `
  with page as materialized (${page})
  select v.id::text, v.number_id::text, n.phone as number_phone, n.verified_name as number_name,
         v.contact_id::text, c.name as contact_name, c.wa_id as contact_wa_id, c.username as contact_username,
         coalesce(g.tags, '[]'::json) as tags, v.status, ${isoTime('v.snoozed_until')} as snoozed_until,
         case when u.id is null then null
              else json_build_object('id', u.id::text, 'username', u.username, 'nickname', u.nickname) end as assignee,
         ${isoTime('v.assigned_at')} as assigned_at, v.language, v.language_source, v.translate, v.unread,
         ${isoTime('v.last_message_at')} as last_message_at, ${isoTime('v.last_inbound_at')} as last_inbound_at,
         coalesce(v.last_inbound_at > now() - interval '24 hours', false) as window_open,
         coalesce(greatest(0, ceil(extract(epoch from v.last_inbound_at + interval '24 hours' - now())))::int, 0)
           as window_remaining_seconds,
         coalesce(p.preview, '') as last_message_preview, p.direction as last_message_direction
    from page v
    join wa_number n on n.tenant_id = v.tenant_id and n.id = v.number_id
    join contact c on c.tenant_id = v.tenant_id and c.id = v.contact_id
    left join app_user u on u.tenant_id = v.tenant_id and u.id = v.assignee_user_id
    left join lateral (
      select json_agg(json_build_object('id', t.id::text, 'name', t.name, 'color', t.color) order by t.name) as tags
        from contact_tag ct join tag t on t.tenant_id = ct.tenant_id and t.id = ct.tag_id
       where ct.tenant_id = v.tenant_id and ct.contact_id = v.contact_id
    ) g on true
    left join lateral (
      -- As the chat history's conversation list finds it: the contact's index, the last month.
      select m.preview, m.direction from message m
       where m.tenant_id = v.tenant_id and m.contact_id = v.contact_id and m.number_id + 0 = v.number_id
         and m.created_at <= v.last_message_at and m.created_at > v.last_message_at - interval '32 days'
       order by m.created_at desc, m.id desc limit 1
    ) p on true
   order by v.last_message_at desc, v.id desc`;

/** One page of the inbox, newest activity first: each part's first offset + limit rows, merged. */
export async function selectInboxPage(
  db: Db,
  scope: Scope,
  criteria: InboxCriteria,
  limit: number,
  offset: number,
): Promise<InboxConversation[]> {
  const sql = new BoundValues();
  const each = sql.add(offset + limit, 'int');
  const page = parts(scope, criteria, sql)
    .map((where) => `(select v.* from conversation v where ${where} ${NEWEST_FIRST} limit ${each})`)
    .join(' union all ');
  const { rows } = await db.query<InboxConversation>(
    prepared(
      decorated(`select v.* from (${page}) v ${NEWEST_FIRST}
                  limit ${sql.add(limit, 'int')} offset ${sql.add(offset, 'int')}`),
      sql.values,
    ),
  );
  return rows;
}

/** How many conversations of the inbox match, counting at most `cap` + 1 of each part. */
export async function countInbox(db: Db, scope: Scope, criteria: InboxCriteria, cap: number): Promise<number> {
  const sql = new BoundValues();
  const most = sql.add(cap + 1, 'int');
  const counts = parts(scope, criteria, sql).map(
    (where) => `(select count(*)::int from (select 1 from conversation v where ${where} limit ${most}) x)`,
  );
  const { rows } = await db.query<{ total: number }>(prepared(`select ${counts.join(' + ')} as total`, sql.values));
  return rows[0]?.total ?? 0;
}

/** One conversation of the caller's inbox as the list shows it, or undefined when it is not the caller's to see. */
export async function selectInboxConversation(
  db: Db,
  scope: Scope,
  conversationId: string,
): Promise<InboxConversation | undefined> {
  const sql = new BoundValues();
  const where = scopeWhere(scope, sql, { tenant: 'v.tenant_id', inboxConversation: 'v' });
  const { rows } = await db.query<InboxConversation>(
    prepared(
      decorated(`select v.* from conversation v where ${where} and v.id = ${sql.add(conversationId, 'bigint')}`),
      sql.values,
    ),
  );
  return rows[0];
}
