import type { ConversationStatus, TranslationLanguage } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { Db } from '../../platform/db/pool.js';

/** A conversation as the inbox's commands decide on it. */
export interface ConversationState {
  id: string;
  numberId: string;
  contactId: string;
  assigneeUserId: string | null;
  status: ConversationStatus;
  lastInboundAt: Date | null;
  unread: number;
  /** The caller serves the conversation's number (`agent_number`). */
  callerServes: boolean;
  /** The customer's language (null while unknown), and whether the conversation translates. */
  language: TranslationLanguage | null;
  translate: boolean;
}

/**
 * A conversation of the caller's tenant, with whether the caller serves its number; locked for
 * the caller's transaction with `lock`. Found by tenant and id only: the caller's right to it is
 * decided on what this answers (`inbox-access.ts`), so that a take that lost the race learns the
 * conversation was taken instead of being told it does not exist.
 */
export async function selectConversationState(
  db: Db,
  scope: Scope,
  conversationId: string,
  options: { lock: boolean },
): Promise<ConversationState | undefined> {
  const { rows } = await db.query<{
    id: string;
    number_id: string;
    contact_id: string;
    assignee_user_id: string | null;
    status: ConversationStatus;
    last_inbound_at: Date | null;
    unread: number;
    caller_serves: boolean;
    language: TranslationLanguage | null;
    translate: boolean;
  }>(
    `select v.id::text, v.number_id::text, v.contact_id::text, v.assignee_user_id::text, v.status, v.last_inbound_at, v.unread,
            v.language, v.translate,
            exists (select 1 from agent_number a where a.tenant_id = v.tenant_id and a.number_id = v.number_id
                       and a.user_id = $3) as caller_serves
       from conversation v where v.tenant_id = $1 and v.id = $2 ${options.lock ? 'for update' : ''}`,
    [scope.tenantId, conversationId, scope.userId],
  );
  const row = rows[0];
  return (
    row && {
      id: row.id,
      numberId: row.number_id,
      contactId: row.contact_id,
      assigneeUserId: row.assignee_user_id,
      status: row.status,
      lastInboundAt: row.last_inbound_at,
      unread: row.unread,
      callerServes: row.caller_serves,
      language: row.language,
      translate: row.translate,
    }
  );
}

/** Sets a conversation's status (and its snooze time, null unless snoozed). */
export async function updateConversationStatus(
  db: Db,
  tenantId: string,
  conversationId: string,
  status: ConversationStatus,
  snoozedUntil: string | null,
): Promise<void> {
  await db.query(
    `update conversation set status = $3, snoozed_until = $4::timestamptz,
            resolved_at = case when $3 = 'resolved' then now() else resolved_at end
      where tenant_id = $1 and id = $2`,
    [tenantId, conversationId, status, snoozedUntil],
  );
}

/** Marks a conversation read: its unread count goes to 0. Answers its last activity for the event. */
export async function markConversationRead(
  db: Db,
  tenantId: string,
  conversationId: string,
): Promise<{ last_message_at: Date } | undefined> {
  const { rows } = await db.query<{ last_message_at: Date }>(
    `update conversation set unread = 0 where tenant_id = $1 and id = $2 returning last_message_at`,
    [tenantId, conversationId],
  );
  return rows[0];
}

/** A user of the tenant who may be given conversations (admin, operator or seat), with the nickname. */
export async function selectTenantAgent(
  db: Db,
  tenantId: string,
  userId: string,
): Promise<{ id: string; nickname: string } | undefined> {
  const { rows } = await db.query<{ id: string; nickname: string }>(
    `select u.id::text, u.nickname from app_user u join role r on r.id = u.role_id
      where u.tenant_id = $1 and u.id = $2 and r.code in ('admin', 'operator', 'seat')`,
    [tenantId, userId],
  );
  return rows[0];
}

/**
 * The Meta id of the customer's newest message in the conversation (what a read receipt names:
 * Meta marks it and every earlier one read), looked for in the last 32 days like the list's preview.
 */
export async function selectLatestInboundMetaId(
  db: Db,
  tenantId: string,
  conversation: { numberId: string; contactId: string },
): Promise<string | undefined> {
  const { rows } = await db.query<{ meta_message_id: string }>(
    `select m.meta_message_id from message m
      where m.tenant_id = $1 and m.contact_id = $2 and m.number_id + 0 = $3 and m.direction = 'in'
        and m.group_ref is null and m.meta_message_id is not null and m.created_at > now() - interval '32 days'
      order by m.created_at desc, m.id desc limit 1`,
    [tenantId, conversation.contactId, conversation.numberId],
  );
  return rows[0]?.meta_message_id;
}
