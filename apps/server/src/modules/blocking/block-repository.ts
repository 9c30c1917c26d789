import type { BlockState } from '@ws/contract';
import { type Scope, scopeWhere } from '../../platform/auth/scope.js';
import type { Db } from '../../platform/db/pool.js';
import { isoTime } from '../../platform/db/sql-time.js';
import { BoundValues } from '../../platform/db/sql-values.js';

/** A conversation the caller may see, with what a block needs: the contact's address and the counters to publish. */
export interface BlockConversation {
  state: BlockState;
  /** Whom to name at Meta: the wa_id, else the BSUID (a customer who hides the phone). */
  user: string | null;
  unread: number;
  lastMessageAt: string;
}

/**
 * The conversation of a live number and a live contact in the caller's inbox scope (a seat: the
 * conversations assigned to it and those waiting in its numbers' queue), or undefined: another
 * tenant's, another seat's and a missing one look alike.
 */
export async function selectBlockConversation(
  db: Db,
  scope: Scope,
  conversationId: string,
): Promise<BlockConversation | undefined> {
  const sql = new BoundValues();
  const where = scopeWhere(scope, sql, { tenant: 'v.tenant_id', inboxConversation: 'v' });
  const { rows } = await db.query(
    `select v.id::text as conversation_id, v.number_id::text, v.contact_id::text, v.blocked_at is not null as blocked,
            ${isoTime('v.blocked_at')} as blocked_at, u.nickname as blocked_by_name,
            coalesce(c.wa_id, c.user_id) as user, v.unread, ${isoTime('v.last_message_at')} as last_message_at
       from conversation v
       join wa_number n on n.tenant_id = v.tenant_id and n.id = v.number_id and n.deleted_at is null
       join contact c on c.tenant_id = v.tenant_id and c.id = v.contact_id and c.deleted_at is null
       left join app_user u on u.tenant_id = v.tenant_id and u.id = v.blocked_by
      where ${where} and v.id = ${sql.add(conversationId, 'bigint')}`,
    sql.values,
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    state: {
      conversation_id: row.conversation_id,
      number_id: row.number_id,
      contact_id: row.contact_id,
      blocked: row.blocked,
      blocked_at: row.blocked_at,
      blocked_by_name: row.blocked_by_name,
    },
    user: row.user,
    unread: row.unread,
    lastMessageAt: row.last_message_at,
  };
}

/** Records the block (by the caller) or its end on the conversation. */
export async function recordBlock(db: Db, scope: Scope, conversationId: string, blocked: boolean): Promise<void> {
  await db.query(
    `update conversation
        set blocked_at = case when $3 then coalesce(blocked_at, now()) end,
            blocked_by = case when $3 then coalesce(blocked_by, $4::bigint) end
      where tenant_id = $1 and id = $2`,
    [scope.tenantId, conversationId, blocked, scope.userId],
  );
}
