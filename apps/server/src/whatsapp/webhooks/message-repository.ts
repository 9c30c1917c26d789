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

/**
 * The 1:1 conversation an inbound message of `at` belongs to, created or brought up to date: a
 * message the user wrote (`fromUser`) opens the window and counts as unread.
 */
export async function touchConversation(
  db: Db,
  tenantId: string,
  numberId: string,
  contactId: string,
  at: Date,
  fromUser: boolean,
): Promise<{ unread: number; last_message_at: Date } | undefined> {
  const conversation = await db.query<{ unread: number; last_message_at: Date }>(
    prepared(
      `insert into conversation as v (tenant_id, number_id, contact_id, last_inbound_at, last_message_at, unread)
       values ($1, $2, $3, $4, $5, $6)
       on conflict (tenant_id, number_id, contact_id) do update
          set last_inbound_at = greatest(v.last_inbound_at, excluded.last_inbound_at),
              last_message_at = greatest(v.last_message_at, excluded.last_message_at),
              unread = v.unread + excluded.unread
       returning unread, last_message_at`,
      [tenantId, numberId, contactId, fromUser ? at : null, at, fromUser ? 1 : 0],
    ),
  );
  return conversation.rows[0];
}
