/**
 * The `messages` field: inbound messages of every type become contacts, conversations and message
 * rows; statuses go to the batch's status buffer. A message is stored once: its key is Meta's id
 * and timestamp (the message table's unique key), and a redelivery finds it and changes nothing.
 */
import { messageText } from '../../modules/inbox/translation/message-text.js';
import { isoTimeOf } from '../../platform/db/sql-time.js';
import type { InboundMessage, MessagesValue } from '../meta/webhook-payload.js';
import { type Sender, senderOf, upsertSender } from './contact-identity.js';
import { bothUserIdsInUse, changeUserId, changeWaId, waIdsInUse } from './contact-repository.js';
import type { KnownNumber } from './directory.js';
import { KNOWN_MESSAGE_TYPES, previewOf } from './message-preview.js';
import { inboundMessageStored, insertInboundMessage, touchConversation } from './message-repository.js';
import { consentRequestOf, optOut, resume } from './opt-out.js';
import { type ChangeResult, fromUnix, toStorableJson, type Work, withoutNul } from './work.js';

export async function handleMessages(
  work: Work,
  value: MessagesValue,
  raw: Record<string, unknown>,
): Promise<ChangeResult> {
  const number = await work.directory.numberByPhoneNumberId(value.metadata.phone_number_id);
  if (!number) return { unknownNumber: `phone_number_id ${value.metadata.phone_number_id}` };
  const notes: string[] = [];
  const incomplete: string[] = [];
  if (value.statuses?.length) {
    const unknown = await work.statuses.add(number, value.statuses);
    if (unknown.length > 0) notes.push(`status values not handled: ${[...new Set(unknown)].join(', ')}`);
  }
  const rawMessages = Array.isArray(raw.messages) ? raw.messages : [];
  for (const [index, message] of (value.messages ?? []).entries()) {
    if (!KNOWN_MESSAGE_TYPES.has(message.type)) notes.push(`message type "${message.type}" kept as is`);
    const sender = senderOf(value.contacts, message);
    if (sender.waId === null && sender.userId === null) {
      incomplete.push(`message ${message.id}: no from or from_user_id`);
      continue;
    }
    notes.push(...(await receiveMessage(work, number, message, rawMessages[index] ?? message, sender)));
  }
  for (const error of value.errors ?? [])
    notes.push(`Meta reported error ${error.code}: ${error.title ?? error.message ?? ''}`);
  return { tenantId: number.tenantId, notes, incomplete };
}

/** Stores one inbound message with its contact and conversation; returns notes worth keeping. */
async function receiveMessage(
  work: Work,
  number: KnownNumber,
  message: InboundMessage,
  raw: unknown,
  named: Sender,
): Promise<string[]> {
  const { client } = work;
  const createdAt = fromUnix(message.timestamp);
  if (await inboundMessageStored(client, number.tenantId, message.id, createdAt)) return [];

  const notes: string[] = [];
  const sender = { ...named };
  if (message.type === 'system' && message.system?.type === 'user_changed_number' && sender.waId !== null) {
    const moved = await followNumberChange(work, number, sender.waId, message.system.wa_id ?? message.system.new_wa_id);
    sender.waId = moved.waId;
    if (moved.note) notes.push(moved.note);
  }
  if (message.type === 'system' && message.system?.type === 'user_changed_user_id' && sender.userId !== null) {
    const moved = await followUserIdChange(
      work,
      number,
      sender.userId,
      message.system.user_id ?? message.system.new_user_id,
    );
    sender.userId = moved.userId;
    if (moved.note) notes.push(moved.note);
  }
  // A system notice is not the user writing, and a group message is not written to the business:
  // neither opens the 24-hour window nor counts as unread in the 1:1 conversation.
  const inGroup = message.group_id !== undefined;
  const fromUser = message.type !== 'system' && !inGroup;
  const contact = await upsertSender(work, number, sender, { at: createdAt, fromUser });
  const { contactId } = contact;
  notes.push(...contact.notes);
  const preview = withoutNul(previewOf(message));
  const assignees = [contact.ownerUserId];

  const messageId = await insertInboundMessage(client, {
    tenantId: number.tenantId,
    createdAt,
    numberId: number.id,
    contactId,
    groupId: message.group_id ?? null,
    type: withoutNul(message.type),
    body: toStorableJson(raw),
    preview,
    metaMessageId: message.id,
    contextMetaId: message.context?.id ?? null,
  });
  if (messageId) {
    work.events.push({
      tenantId: number.tenantId,
      assignees,
      event: {
        type: 'message.created',
        data: {
          message_id: messageId,
          number_id: number.id,
          contact_id: contactId,
          direction: 'in',
          message_type: message.type,
          preview,
          created_at: isoTimeOf(createdAt),
        },
      },
    });
  }
  if (inGroup) return notes;
  const thread = await touchConversation(client, number.tenantId, number.id, contactId, createdAt, fromUser);
  if (thread) {
    work.inbox.touch(
      number.tenantId,
      number.id,
      contactId,
      thread,
      contact.ownerUserId,
      fromUser,
      messageText(message.type, message as unknown as Record<string, unknown>),
    );
    work.events.push({
      tenantId: number.tenantId,
      assignees,
      event: {
        type: 'conversation.updated',
        data: {
          number_id: number.id,
          contact_id: contactId,
          unread: thread.unread,
          last_message_at: isoTimeOf(thread.last_message_at),
          conversation_id: thread.id,
        },
      },
    });
  }
  if (fromUser) await applyConsentRequest(work, number, message, sender, createdAt);
  if (fromUser && thread && messageId) {
    work.autoReplies.add({
      tenantId: number.tenantId,
      numberId: number.id,
      contactId,
      messageId,
      at: createdAt,
      text: messageText(message.type, message as unknown as Record<string, unknown>) ?? null,
      previousInboundAt: thread.previous_inbound_at,
    });
  }
  return notes;
}

/**
 * Meta's user_changed_number: the contact keeps its history under the new wa_id, unless the new
 * wa_id already belongs to another contact of the tenant (then both stay as they are, reported).
 */
async function followNumberChange(
  work: Work,
  number: KnownNumber,
  oldWaId: string,
  newWaId: string | undefined,
): Promise<{ waId: string; note?: string }> {
  if (!newWaId || newWaId === oldWaId) return { waId: oldWaId };
  const { known, taken } = await waIdsInUse(work.client, number.tenantId, oldWaId, newWaId);
  if (known && taken)
    return { waId: newWaId, note: `contacts ${oldWaId} and ${newWaId} both exist: wa_id not changed` };
  if (known) await changeWaId(work.client, number.tenantId, oldWaId, newWaId);
  return { waId: newWaId };
}

/**
 * Meta's user_changed_user_id: the contact keeps its history under the new BSUID, unless another
 * contact of the tenant already has it in this portfolio (then both stay as they are, reported).
 */
async function followUserIdChange(
  work: Work,
  number: KnownNumber,
  oldUserId: string,
  newUserId: string | undefined,
): Promise<{ userId: string; note?: string }> {
  if (!newUserId || newUserId === oldUserId) return { userId: oldUserId };
  if (await changeUserId(work.client, number.tenantId, number.portfolioId, oldUserId, newUserId)) {
    return { userId: newUserId };
  }
  return (await bothUserIdsInUse(work.client, number.tenantId, number.portfolioId, oldUserId, newUserId))
    ? { userId: newUserId, note: `contacts of user_id ${oldUserId} and ${newUserId} both exist: user_id not changed` }
    : { userId: newUserId };
}

async function applyConsentRequest(
  work: Work,
  number: KnownNumber,
  message: InboundMessage,
  sender: Sender,
  at: Date,
): Promise<void> {
  const request = consentRequestOf(message);
  if (!request) return;
  const act = {
    tenantId: number.tenantId,
    numberId: number.id,
    waId: sender.waId,
    user: sender.userId === null ? null : { portfolioId: number.portfolioId, userId: sender.userId },
    at,
  };
  if (request.kind === 'stop') await optOut(work.client, [act], request.channel);
  else await resume(work.client, act, ['keyword', 'button']);
}
