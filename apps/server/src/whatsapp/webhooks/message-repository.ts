/**
 * Inbound messages and their conversations as webhooks store them. A message's key is Meta's id
 * and timestamp (the message table's unique key), so a redelivery finds it and changes nothing.
 */
import { type Db, prepared } from '../../platform/db/pool.js';

/** Whether the tenant already holds the message with this Meta id and time. */
export async function inboundMessageStored(
  db: Db,
  tenantId: string,
  metaMessageId: string,
  createdAt: Date,
): Promise<boolean> {
  const seen = await db.query(
    prepared('select 1 from message where tenant_id = $1 and meta_message_id = $2 and created_at = $3', [
      tenantId,
      metaMessageId,
      createdAt,
    ]),
  );
  return (seen.rowCount ?? 0) > 0;
}

/** An inbound message as the webhook gave it; `body` is its JSON text, `groupId` Meta's group id. */
export interface InboundMessageRow {
  tenantId: string;
  createdAt: Date;
  numberId: string;
  contactId: string;
  groupId: string | null;
  type: string;
  body: string;
  preview: string;
  metaMessageId: string;
  contextMetaId: string | null;
}

/** Stores an inbound message; its id, or undefined when a redelivery stored it meanwhile. */
export async function insertInboundMessage(db: Db, message: InboundMessageRow): Promise<string | undefined> {
  const stored = await db.query<{ id: string }>(
    prepared(
      `insert into message (tenant_id, created_at, number_id, contact_id, group_ref, direction, type, body, preview,
                            meta_message_id, context_meta_id, status, status_at)
       values ($1, $2, $3, $4, (select id from wa_group where tenant_id = $1 and group_id = $5), 'in', $6, $7::jsonb, $8,
               $9, $10, 'received', $2)
       on conflict (tenant_id, meta_message_id, created_at) do nothing
       returning id::text`,
      [
        message.tenantId,
        message.createdAt,
        message.numberId,
        message.contactId,
        message.groupId,
        message.type,
        message.body,
        message.preview,
        message.metaMessageId,
        message.contextMetaId,
      ],
    ),
  );
  return stored.rows[0]?.id;
}

/** A conversation as an inbound message left it, and who had it before (for the assignment). */
export interface TouchedConversation {
  id: string;
  unread: number;
  last_message_at: Date;
  status: string;
  assignee_user_id: string | null;
  /** The status before this message (null for a new conversation). */
  previous_status: string | null;
  /** The agent it had before: a resolved conversation the customer reopens goes back to assignment. */
  previous_assignee: string | null;
  /** The customer's last message to the number before this one (null: none). */
  previous_inbound_at: Date | null;
}

/**
 * The 1:1 conversation an inbound message of `at` belongs to, created or brought up to date: a
 * message the user wrote (`fromUser`) opens the window, counts as unread and opens the
 * conversation (a new one, a pending or snoozed one; a resolved one also leaves its agent, and the
 * batch's assignment decides who has it next, the same agent first: decision 0016).
 */
export async function touchConversation(
  db: Db,
  tenantId: string,
  numberId: string,
  contactId: string,
  at: Date,
  fromUser: boolean,
): Promise<TouchedConversation | undefined> {
  const conversation = await db.query<TouchedConversation>(
    prepared(
      `insert into conversation as v (tenant_id, number_id, contact_id, last_inbound_at, last_message_at, unread, status)
       values ($1, $2, $3, $4, $5, $6, case when $7::boolean then 'open' else 'resolved' end)
       on conflict (tenant_id, number_id, contact_id) do update
          set last_inbound_at = greatest(v.last_inbound_at, excluded.last_inbound_at),
              last_message_at = greatest(v.last_message_at, excluded.last_message_at),
              unread = v.unread + excluded.unread,
              status = case when $7::boolean then 'open' else v.status end,
              snoozed_until = case when $7::boolean then null else v.snoozed_until end,
              assignee_user_id = case when $7::boolean and v.status = 'resolved' then null else v.assignee_user_id end,
              assigned_at = case when $7::boolean and v.status = 'resolved' then null else v.assigned_at end
       -- The subqueries read the statement's snapshot, which holds the row as it was before this change.
       returning v.id::text, v.unread, v.last_message_at, v.status, v.assignee_user_id::text,
                 (select o.status from conversation o
                   where o.tenant_id = $1 and o.number_id = $2 and o.contact_id = $3) as previous_status,
                 (select o.assignee_user_id::text from conversation o
                   where o.tenant_id = $1 and o.number_id = $2 and o.contact_id = $3) as previous_assignee,
                 (select o.last_inbound_at from conversation o
                   where o.tenant_id = $1 and o.number_id = $2 and o.contact_id = $3) as previous_inbound_at`,
      [tenantId, numberId, contactId, fromUser ? at : null, at, fromUser ? 1 : 0, fromUser],
    ),
  );
  return conversation.rows[0];
}
