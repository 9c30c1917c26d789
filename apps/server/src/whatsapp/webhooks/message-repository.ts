/**
 * Inbound messages and their conversations as webhooks store them, a drain batch at a time (one
 * statement per table per batch: inbound-buffer.ts). A message's key is Meta's id and timestamp
 * (the message table's unique key), so a redelivery finds it and changes nothing.
 */
import { type Db, prepared } from '../../platform/db/pool.js';

/** A message's key: its tenant, Meta's id and Meta's time. */
export interface InboundKey {
  tenantId: string;
  metaMessageId: string;
  createdAt: Date;
}

/** The text a key is known by in memory. */
export const inboundKeyOf = (key: InboundKey): string =>
  `${key.tenantId}\u0000${key.metaMessageId}\u0000${key.createdAt.getTime()}`;

/** Which of `keys` the tenants already hold, as `inboundKeyOf` texts. */
export async function storedInboundKeys(db: Db, keys: readonly InboundKey[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const { rows } = await db.query<{ tenant_id: string; meta_message_id: string; created_at: Date }>(
    prepared(
      `select m.tenant_id, m.meta_message_id, m.created_at
         from unnest($1::text[], $2::text[], $3::timestamptz[]) as k (tenant_id, meta_message_id, created_at)
         join message m on m.tenant_id = k.tenant_id and m.meta_message_id = k.meta_message_id
                       and m.created_at = k.created_at`,
      [keys.map((k) => k.tenantId), keys.map((k) => k.metaMessageId), keys.map((k) => k.createdAt)],
    ),
  );
  return new Set(
    rows.map((row) =>
      inboundKeyOf({ tenantId: row.tenant_id, metaMessageId: row.meta_message_id, createdAt: row.created_at }),
    ),
  );
}

/** An inbound message as the webhook gave it; `body` is its JSON text, `groupId` Meta's group id. */
export interface InboundMessageRow extends InboundKey {
  numberId: string;
  contactId: string;
  groupId: string | null;
  type: string;
  body: string;
  preview: string;
  contextMetaId: string | null;
}

/**
 * Stores inbound messages in their order (their ids follow it); answers the new ids by
 * `inboundKeyOf`. A message another transaction stored meanwhile has no id.
 */
export async function insertInboundMessages(
  db: Db,
  messages: readonly InboundMessageRow[],
): Promise<Map<string, string>> {
  if (messages.length === 0) return new Map();
  const { rows } = await db.query<{ id: string; tenant_id: string; meta_message_id: string; created_at: Date }>(
    prepared(
      `insert into message (tenant_id, created_at, number_id, contact_id, group_ref, direction, type, body, preview,
                            meta_message_id, context_meta_id, status, status_at)
       select m.tenant_id, m.created_at, m.number_id, m.contact_id, g.id, 'in', m.type, m.body::jsonb, m.preview,
              m.meta_message_id, m.context_meta_id, 'received', m.created_at
         from unnest($1::text[], $2::timestamptz[], $3::bigint[], $4::bigint[], $5::text[], $6::text[], $7::text[],
                     $8::text[], $9::text[], $10::text[])
                with ordinality as m (tenant_id, created_at, number_id, contact_id, group_id, type, body, preview,
                                      meta_message_id, context_meta_id, position)
         left join wa_group g on g.tenant_id = m.tenant_id and g.group_id = m.group_id
        order by m.position
       on conflict (tenant_id, meta_message_id, created_at) where meta_message_id is not null do nothing
       returning id::text, tenant_id, meta_message_id, created_at`,
      [
        messages.map((m) => m.tenantId),
        messages.map((m) => m.createdAt),
        messages.map((m) => m.numberId),
        messages.map((m) => m.contactId),
        messages.map((m) => m.groupId),
        messages.map((m) => m.type),
        messages.map((m) => m.body),
        messages.map((m) => m.preview),
        messages.map((m) => m.metaMessageId),
        messages.map((m) => m.contextMetaId),
      ],
    ),
  );
  return new Map(
    rows.map((row) => [
      inboundKeyOf({ tenantId: row.tenant_id, metaMessageId: row.meta_message_id, createdAt: row.created_at }),
      row.id,
    ]),
  );
}

/** What a batch's messages do to one 1:1 conversation (one entry per tenant, number and contact). */
export interface ConversationTouch {
  tenantId: string;
  numberId: string;
  contactId: string;
  /** The newest message the user wrote (null: none did; notices only). */
  lastInboundAt: Date | null;
  lastMessageAt: Date;
  /** How many of them the user wrote: they count as unread and open the conversation. */
  fromUser: number;
}

/** A conversation as a batch's inbound messages left it, and how it was before (for the assignment). */
export interface TouchedConversation {
  tenant_id: string;
  number_id: string;
  contact_id: string;
  id: string;
  unread: number;
  last_message_at: Date;
  status: string;
  assignee_user_id: string | null;
  /** The status before this batch (null for a new conversation). */
  previous_status: string | null;
  /** The agent it had before: a resolved conversation the customer reopens goes back to assignment. */
  previous_assignee: string | null;
  /** The customer's last message to the number before this batch (null: none). */
  previous_inbound_at: Date | null;
}

/**
 * The 1:1 conversations of a batch's inbound messages, created or brought up to date: messages the
 * user wrote open the window, count as unread and open the conversation (a new one, a pending or
 * snoozed one; a resolved one also leaves its agent, and the batch's assignment decides who has it
 * next, the same agent first: decision 0016). Rows are written in key order (locks taken in one order).
 */
export async function touchConversations(
  db: Db,
  touches: readonly ConversationTouch[],
): Promise<TouchedConversation[]> {
  if (touches.length === 0) return [];
  const { rows } = await db.query<TouchedConversation>(
    prepared(
      `with touch as (
         select * from unnest($1::text[], $2::bigint[], $3::bigint[], $4::timestamptz[], $5::timestamptz[], $6::int[])
           as t (tenant_id, number_id, contact_id, last_inbound_at, last_message_at, from_user)
       ),
       -- The statement's snapshot: each conversation as it was before this batch.
       before as (
         select o.tenant_id, o.number_id, o.contact_id, o.status, o.assignee_user_id, o.last_inbound_at
           from conversation o join touch t using (tenant_id, number_id, contact_id)
       ),
       touched as (
         insert into conversation as v (tenant_id, number_id, contact_id, last_inbound_at, last_message_at, unread, status)
         select tenant_id, number_id, contact_id, last_inbound_at, last_message_at, from_user,
                case when from_user > 0 then 'open' else 'resolved' end
           from touch order by tenant_id, number_id, contact_id
         on conflict (tenant_id, number_id, contact_id) do update
            set last_inbound_at = greatest(v.last_inbound_at, excluded.last_inbound_at),
                last_message_at = greatest(v.last_message_at, excluded.last_message_at),
                unread = v.unread + excluded.unread,
                status = case when excluded.unread > 0 then 'open' else v.status end,
                snoozed_until = case when excluded.unread > 0 then null else v.snoozed_until end,
                assignee_user_id = case when excluded.unread > 0 and v.status = 'resolved' then null
                                        else v.assignee_user_id end,
                assigned_at = case when excluded.unread > 0 and v.status = 'resolved' then null else v.assigned_at end
         returning v.tenant_id, v.number_id, v.contact_id, v.id, v.unread, v.last_message_at, v.status,
                   v.assignee_user_id
       )
       select c.tenant_id, c.number_id::text, c.contact_id::text, c.id::text, c.unread, c.last_message_at, c.status,
              c.assignee_user_id::text, b.status as previous_status, b.assignee_user_id::text as previous_assignee,
              b.last_inbound_at as previous_inbound_at
         from touched c left join before b using (tenant_id, number_id, contact_id)`,
      [
        touches.map((t) => t.tenantId),
        touches.map((t) => t.numberId),
        touches.map((t) => t.contactId),
        touches.map((t) => t.lastInboundAt),
        touches.map((t) => t.lastMessageAt),
        touches.map((t) => t.fromUser),
      ],
    ),
  );
  return rows;
}
