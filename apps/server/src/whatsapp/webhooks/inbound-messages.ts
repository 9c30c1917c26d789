/**
 * The `messages` field: inbound messages of every type go to the batch's inbound buffer, which
 * stores them with their contacts and conversations a batch at a time (inbound-buffer.ts);
 * statuses go to the batch's status buffer. A message is stored once: its key is Meta's id and
 * timestamp (the message table's unique key), and a redelivery finds it and changes nothing.
 */
import type { InboundMessage, MessagesValue } from '../meta/webhook-payload.js';
import { type Sender, senderOf } from './contact-identity.js';
import { bothUserIdsInUse, changeUserId, changeWaId, waIdsInUse } from './contact-repository.js';
import type { KnownNumber } from './directory.js';
import { KNOWN_MESSAGE_TYPES } from './message-preview.js';
import { storedInboundKeys } from './message-repository.js';
import { type ChangeResult, fromUnix, type Work } from './work.js';

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

/**
 * Hands one inbound message to the batch's buffer (inbound-buffer.ts). A message that changes who
 * the sender is (a new phone number, a new BSUID) or names a BSUID is stored on its own, after
 * what the buffer holds, so later messages find the contact as it changed and its notes reach the
 * event; returns notes worth keeping.
 */
async function receiveMessage(
  work: Work,
  number: KnownNumber,
  message: InboundMessage,
  raw: unknown,
  named: Sender,
): Promise<string[]> {
  const changesNumber =
    message.type === 'system' && message.system?.type === 'user_changed_number' && named.waId !== null;
  const changesUserId =
    message.type === 'system' && message.system?.type === 'user_changed_user_id' && named.userId !== null;
  if (!changesNumber && !changesUserId && named.userId === null) {
    work.inbound.add({ number, message, raw, sender: named });
    return [];
  }
  const notes = await work.inbound.flush(work);
  const sender = { ...named };
  // A redelivered change was followed when it was first stored.
  const key = { tenantId: number.tenantId, metaMessageId: message.id, createdAt: fromUnix(message.timestamp) };
  if ((changesNumber || changesUserId) && (await storedInboundKeys(work.client, [key])).size > 0) return notes;
  if (changesNumber && sender.waId !== null) {
    const moved = await followNumberChange(
      work,
      number,
      sender.waId,
      message.system?.wa_id ?? message.system?.new_wa_id,
    );
    sender.waId = moved.waId;
    if (moved.note) notes.push(moved.note);
  }
  if (changesUserId && sender.userId !== null) {
    const moved = await followUserIdChange(
      work,
      number,
      sender.userId,
      message.system?.user_id ?? message.system?.new_user_id,
    );
    sender.userId = moved.userId;
    if (moved.note) notes.push(moved.note);
  }
  work.inbound.add({ number, message, raw, sender });
  notes.push(...(await work.inbound.flush(work)));
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
