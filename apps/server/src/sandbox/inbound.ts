import { createHash } from 'node:crypto';
import { isBlocked } from './blocklist.js';
import type { Sandbox } from './sandbox.js';
import type { LoggedMessage, SandboxCustomer, SandboxMedia, SandboxNumber } from './state.js';
import { hasUserId, userIdOf } from './user-ids.js';
import { type InboundMessageInput, inboundValue, unixSeconds } from './webhook-events.js';

/** An inbound message without what the sandbox fills in (sender, id, time). */
export type InboundContent = Partial<InboundMessageInput> & { type: string };

/** A 1x1 PNG: what simulated customers "photograph". */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const SAMPLE_MEDIA: Record<string, { mimeType: string; data: Buffer }> = {
  image: { mimeType: 'image/png', data: TINY_PNG },
  sticker: { mimeType: 'image/webp', data: Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 sandbox') },
  audio: { mimeType: 'audio/ogg', data: Buffer.from('OggS sandbox voice note') },
  video: { mimeType: 'video/mp4', data: Buffer.from('\u0000\u0000\u0000\u0018ftypmp42 sandbox video') },
  document: { mimeType: 'application/pdf', data: Buffer.from('%PDF-1.4\n% sandbox document\n%%EOF\n') },
};

export function storeMedia(sandbox: Sandbox, wabaId: string, mimeType: string, data: Buffer): SandboxMedia {
  const media: SandboxMedia = {
    id: sandbox.store.numericId(),
    wabaId,
    mimeType,
    sha256: createHash('sha256').update(data).digest('base64'),
    fileSize: data.length,
    createdAt: sandbox.now(),
    data,
  };
  sandbox.store.media.set(media.id, media);
  sandbox.store.changed();
  return media;
}

/** A media object as an inbound message carries it, backed by a sample file the product can download. */
export function sampleMedia(sandbox: Sandbox, number: SandboxNumber, kind: string) {
  const sample = SAMPLE_MEDIA[kind] ?? (SAMPLE_MEDIA.document as { mimeType: string; data: Buffer });
  const media = storeMedia(sandbox, number.wabaId, sample.mimeType, sample.data);
  return { id: media.id, mime_type: media.mimeType, sha256: media.sha256 };
}

/**
 * A customer writes to a number: the message is logged, the customer's 24-hour window with that
 * number opens, and the `messages` webhook is posted. A customer the number blocked cannot reach
 * it (Meta: "the user cannot contact your business"): the message is logged as `blocked`, opens
 * no window and posts no webhook.
 */
export function receiveInbound(
  sandbox: Sandbox,
  number: SandboxNumber,
  customer: SandboxCustomer,
  content: InboundContent,
): LoggedMessage {
  const now = sandbox.now();
  const id = sandbox.store.messageId(customer.waId, 'in');
  const userId = hasUserId(customer) ? userIdOf(sandbox.store, customer, number.wabaId) : undefined;
  const message: InboundMessageInput = {
    ...content,
    ...senderFields(customer, userId),
    id,
    timestamp: unixSeconds(now),
  };
  const blocked = isBlocked(number, customer.waId);
  if (!blocked) {
    customer.lastInbound = { ...customer.lastInbound, [number.id]: now };
    sandbox.store.changed();
  }
  const logged: LoggedMessage = {
    id,
    direction: 'in',
    phoneNumberId: number.id,
    waId: customer.waId,
    ...(userId === undefined ? {} : { userId }),
    recipientType: 'individual',
    type: content.type,
    status: blocked ? 'blocked' : 'received',
    timestamp: now,
    body: message,
  };
  sandbox.store.logMessage(logged);
  if (blocked) return logged;
  sandbox.emitChange(number.wabaId, { field: 'messages', value: inboundValue(number, customer, message, userId) });
  return logged;
}

/** How an inbound message names its sender: from (the phone), from_user_id (the BSUID), or both. */
function senderFields(customer: SandboxCustomer, userId: string | undefined): { from?: string; from_user_id?: string } {
  if (userId === undefined) return { from: customer.waId };
  return customer.hidesPhone ? { from_user_id: userId } : { from: customer.waId, from_user_id: userId };
}
