/**
 * A drain batch's inbound messages, stored set-based (decision 0031): gathered as the batch's
 * events are read, then written with one statement per table (the keys already stored, the
 * contacts, the messages, the conversations), in the order the events came, so message ids follow
 * it. A message is stored once: the same key twice in a batch keeps the first, a key already stored
 * (a redelivery) changes nothing. What follows from each stored message (its realtime events, the
 * inbox's assignment, consent keywords, auto replies) is handed on in the same order.
 *
 * Phone-only senders are the set-based path. A sender with a BSUID (contact-identity.ts decides
 * between candidates and notes what it did not merge) and identity changes are stored on their own:
 * inbound-messages.ts flushes what was gathered first, then stores that message alone.
 */
import { messageText } from '../../modules/inbox/translation/message-text.js';
import { isoTimeOf } from '../../platform/db/sql-time.js';
import type { InboundMessage } from '../meta/webhook-payload.js';
import { type Sender, upsertSender } from './contact-identity.js';
import { type ContactTouch, upsertContactsByWaId } from './contact-repository.js';
import type { KnownNumber } from './directory.js';
import { previewOf } from './message-preview.js';
import {
  type ConversationTouch,
  type InboundMessageRow,
  inboundKeyOf,
  insertInboundMessages,
  storedInboundKeys,
  type TouchedConversation,
  touchConversations,
} from './message-repository.js';
import { applyConsentRequest } from './opt-out.js';
import { fromUnix, toStorableJson, type Work, withoutNul } from './work.js';

/** An inbound message as its change gave it: the number it came to and who wrote it. */
export interface PendingInbound {
  number: KnownNumber;
  message: InboundMessage;
  /** The message as Meta sent it (kept as its body). */
  raw: unknown;
  sender: Sender;
}

/** A pending message with what storing it needs. */
interface Received extends PendingInbound {
  key: string;
  createdAt: Date;
  /** The user wrote it (not a system notice, not a group message): opens the window, counts as unread. */
  fromUser: boolean;
  inGroup: boolean;
  text: string | undefined;
  preview: string;
}

/** The contact a message was stored under. */
interface SenderContact {
  contactId: string;
  ownerUserId: string | null;
}

const conversationKeyOf = (tenantId: string, numberId: string, contactId: string) =>
  `${tenantId}\u0000${numberId}\u0000${contactId}`;

export class InboundBuffer {
  private pending: PendingInbound[] = [];

  add(message: PendingInbound): void {
    this.pending.push(message);
  }

  /** Forgets what has not been written (its savepoint was rolled back). */
  clear(): void {
    this.pending = [];
  }

  /** Stores what was gathered; answers the notes a BSUID sender's contact left. */
  async flush(work: Work): Promise<string[]> {
    const pending = this.pending;
    this.pending = [];
    if (pending.length === 0) return [];
    const firsts = new Map<string, Received>();
    for (const item of pending) {
      const received = receivedOf(item);
      if (!firsts.has(received.key)) firsts.set(received.key, received);
    }
    const keys = [...firsts.values()].map((r) => ({
      tenantId: r.number.tenantId,
      metaMessageId: r.message.id,
      createdAt: r.createdAt,
    }));
    const stored = await storedInboundKeys(work.client, keys);
    const fresh = [...firsts.values()].filter((r) => !stored.has(r.key));
    if (fresh.length === 0) return [];

    const { contacts, notes } = await storeContacts(work, fresh);
    const rows: InboundMessageRow[] = fresh.map((r, index) => ({
      tenantId: r.number.tenantId,
      createdAt: r.createdAt,
      metaMessageId: r.message.id,
      numberId: r.number.id,
      contactId: (contacts[index] as SenderContact).contactId,
      groupId: r.message.group_id ?? null,
      type: withoutNul(r.message.type),
      body: toStorableJson(r.raw),
      preview: r.preview,
      contextMetaId: r.message.context?.id ?? null,
    }));
    const ids = await insertInboundMessages(work.client, rows);
    const stores = fresh.flatMap((r, index) => {
      const id = ids.get(r.key);
      return id === undefined ? [] : [{ ...r, ...(contacts[index] as SenderContact), messageId: id }];
    });
    const threads = await touchConversations(work.client, conversationTouches(stores));
    await handOn(work, stores, threads);
    return notes;
  }
}

function receivedOf(item: PendingInbound): Received {
  const { number, message } = item;
  const createdAt = fromUnix(message.timestamp);
  // A system notice is not the user writing, and a group message is not written to the business:
  // neither opens the 24-hour window nor counts as unread in the 1:1 conversation.
  const inGroup = message.group_id !== undefined;
  return {
    ...item,
    key: inboundKeyOf({ tenantId: number.tenantId, metaMessageId: message.id, createdAt }),
    createdAt,
    fromUser: message.type !== 'system' && !inGroup,
    inGroup,
    text: messageText(message.type, message as unknown as Record<string, unknown>),
    preview: withoutNul(previewOf(message)),
  };
}

/** Each message's contact (by position): phone-only senders in one statement, BSUID senders one by one. */
async function storeContacts(
  work: Work,
  fresh: readonly Received[],
): Promise<{ contacts: (SenderContact | undefined)[]; notes: string[] }> {
  const touches = new Map<string, ContactTouch>();
  for (const r of fresh) {
    const waId = r.sender.waId;
    if (r.sender.userId !== null || waId === null) continue;
    const key = `${r.number.tenantId}\u0000${waId}`;
    const seen = touches.get(key);
    const inbound = r.fromUser ? r.createdAt : null;
    touches.set(key, {
      tenantId: r.number.tenantId,
      waId,
      name: seen?.name || r.sender.profileName,
      numberId: seen?.numberId ?? r.number.id,
      lastInboundAt: latest(seen?.lastInboundAt ?? null, inbound),
      lastMessageAt: latest(seen?.lastMessageAt ?? null, r.createdAt) as Date,
    });
  }
  const byWaId = new Map(
    (await upsertContactsByWaId(work.client, [...touches.values()])).map((row) => [
      `${row.tenant_id}\u0000${row.wa_id}`,
      { contactId: row.id, ownerUserId: row.owner_user_id },
    ]),
  );
  const notes: string[] = [];
  const contacts: (SenderContact | undefined)[] = [];
  for (const r of fresh) {
    const { userId } = r.sender;
    if (userId === null) {
      contacts.push(byWaId.get(`${r.number.tenantId}\u0000${r.sender.waId}`));
      continue;
    }
    const found = await upsertSender(
      work,
      r.number,
      { ...r.sender, userId },
      { at: r.createdAt, fromUser: r.fromUser },
    );
    notes.push(...found.notes);
    contacts.push({ contactId: found.contactId, ownerUserId: found.ownerUserId });
  }
  return { contacts, notes };
}

const latest = (a: Date | null, b: Date | null): Date | null => (a && b ? (a > b ? a : b) : (a ?? b));

/** One touch per 1:1 conversation of the stored messages. */
function conversationTouches(stores: readonly (Received & SenderContact)[]): ConversationTouch[] {
  const touches = new Map<string, ConversationTouch>();
  for (const r of stores) {
    if (r.inGroup) continue;
    const key = conversationKeyOf(r.number.tenantId, r.number.id, r.contactId);
    const seen = touches.get(key);
    touches.set(key, {
      tenantId: r.number.tenantId,
      numberId: r.number.id,
      contactId: r.contactId,
      lastInboundAt: latest(seen?.lastInboundAt ?? null, r.fromUser ? r.createdAt : null),
      lastMessageAt: latest(seen?.lastMessageAt ?? null, r.createdAt) as Date,
      fromUser: (seen?.fromUser ?? 0) + (r.fromUser ? 1 : 0),
    });
  }
  return [...touches.values()];
}

/**
 * What follows from the stored messages, in their order: `message.created` for each, the
 * conversation's `conversation.updated` after its last message of the batch (as the batch left it),
 * the inbox's assignment, consent keywords, and the auto replies (each message knowing the
 * customer's message before it, this batch's included).
 */
async function handOn(
  work: Work,
  stores: readonly (Received & SenderContact & { messageId: string })[],
  threads: readonly TouchedConversation[],
): Promise<void> {
  const threadOf = new Map(threads.map((t) => [conversationKeyOf(t.tenant_id, t.number_id, t.contact_id), t]));
  const lastOf = new Map<string, number>();
  stores.forEach((r, index) => {
    lastOf.set(conversationKeyOf(r.number.tenantId, r.number.id, r.contactId), index);
  });
  const previousInbound = new Map<string, Date | null>();
  for (const [index, r] of stores.entries()) {
    const { number } = r;
    const assignees = [r.ownerUserId];
    const ids = { number_id: number.id, contact_id: r.contactId };
    work.events.push({
      tenantId: number.tenantId,
      assignees,
      event: {
        type: 'message.created',
        data: {
          message_id: r.messageId,
          ...ids,
          direction: 'in',
          message_type: r.message.type,
          preview: r.preview,
          created_at: isoTimeOf(r.createdAt),
        },
      },
    });
    if (r.inGroup) continue;
    const key = conversationKeyOf(number.tenantId, number.id, r.contactId);
    const thread = threadOf.get(key);
    if (!thread) continue;
    work.inbox.touch(number.tenantId, number.id, r.contactId, thread, r.ownerUserId, r.fromUser, r.text);
    if (lastOf.get(key) === index) {
      work.events.push({
        tenantId: number.tenantId,
        assignees,
        event: {
          type: 'conversation.updated',
          data: {
            ...ids,
            unread: thread.unread,
            last_message_at: isoTimeOf(thread.last_message_at),
            conversation_id: thread.id,
          },
        },
      });
    }
    if (!r.fromUser) continue;
    await applyConsentRequest(work.client, number, r.message, r.sender, r.createdAt);
    const previous = previousInbound.has(key) ? (previousInbound.get(key) ?? null) : thread.previous_inbound_at;
    previousInbound.set(key, latest(previous, r.createdAt));
    work.autoReplies.add({
      tenantId: number.tenantId,
      numberId: number.id,
      contactId: r.contactId,
      messageId: r.messageId,
      at: r.createdAt,
      text: r.text ?? null,
      previousInboundAt: previous,
    });
  }
}
