import { z } from 'zod';
import { Id } from './auth.js';
import { defineCall } from './call.js';
import { Consent } from './contacts.js';
import { envelopeOf } from './envelope.js';
import { cappedPageOf, listRequestOf } from './paging.js';

/** Seats read the history of the contacts assigned to them (the scope narrows every query). */
const ACCESS = ['admin', 'operator', 'seat'] as const;

export const MESSAGE_STATUSES = [
  'queued',
  'accepted',
  'sent',
  'delivered',
  'read',
  'failed',
  'refused',
  'received',
  'deleted',
  // The request may have reached Meta without an answer saying so: never resent, settled by webhook.
  'unknown',
  // Withdrawn from the queue before it went (a cancelled campaign).
  'cancelled',
] as const;
export const MessageStatus = z.enum(MESSAGE_STATUSES);
export type MessageStatus = z.infer<typeof MessageStatus>;

export const HISTORY_LIMIT_DEFAULT = 30;
export const HISTORY_LIMIT_MAX = 100;

/** An opaque position in a history (a message's time and id); clients pass back what they were given. */
const Cursor = z.string().min(1).max(200);

/**
 * One contact's history (with numberId: only that number's thread with them), or one number's.
 * `cursor` pages to older messages (newest first); `after` returns messages newer than the one it
 * names, oldest first, for live updates.
 */
export const HistoryQuery = z
  .object({
    contactId: Id.optional(),
    numberId: Id.optional(),
    cursor: Cursor.optional(),
    after: Cursor.optional(),
    limit: z.coerce.number().int().min(1).max(HISTORY_LIMIT_MAX).default(HISTORY_LIMIT_DEFAULT),
  })
  .refine((query) => query.contactId !== undefined || query.numberId !== undefined, {
    path: ['contactId'],
    message: 'contactId or numberId is required',
  })
  .refine((query) => query.cursor === undefined || query.after === undefined, {
    path: ['after'],
    message: 'cannot be combined with cursor',
  });
export type HistoryQuery = z.infer<typeof HistoryQuery>;

export const ChatMessage = z.object({
  id: Id,
  /** This message's position: as `cursor` it pages to older messages, as `after` to newer ones. */
  cursor: z.string(),
  /** ISO 8601 with microseconds (UTC). */
  created_at: z.string(),
  direction: z.enum(['in', 'out']),
  /** Meta's message type: text, image, template, reaction, interactive, ... */
  type: z.string(),
  /** Meta's message object as stored: the webhook's for inbound, the send request's content for outbound. */
  body: z.record(z.string(), z.unknown()),
  preview: z.string(),
  status: MessageStatus,
  status_at: z.string(),
  sent_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  read_at: z.string().nullable(),
  failed_at: z.string().nullable(),
  error_code: z.number().int().nullable(),
  error_title: z.string().nullable(),
  number_id: Id,
  number_phone: z.string(),
  contact_id: Id.nullable(),
  contact_wa_id: z.string().nullable(),
  /** For a contact without a phone number: its username and business-scoped user id. */
  contact_username: z.string().nullable(),
  contact_user_id: z.string().nullable(),
  contact_name: z.string().nullable(),
  /** Set for messages in a group (the Groups API), null in one-to-one chats. */
  group_ref: Id.nullable(),
  purpose: z.string().nullable(),
  template_name: z.string().nullable(),
  sent_by: Id.nullable(),
  sent_by_name: z.string().nullable(),
  /** The Meta id of the message this one replies to, and that message's preview when it is known. */
  context_meta_id: z.string().nullable(),
  context_preview: z.string().nullable(),
  meta_message_id: z.string().nullable(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

export const ChatContact = z.object({
  id: Id,
  /** The phone number; null for a user with a username who hides it. */
  wa_id: z.string().nullable(),
  username: z.string().nullable(),
  /** The business-scoped user id (BSUID). */
  user_id: z.string().nullable(),
  name: z.string(),
  consent: Consent,
  opted_out_at: z.string().nullable(),
  opt_out_channel: z.string().nullable(),
  /** The 24-hour customer service window: with the number asked for, or else with any number. */
  window_open: z.boolean(),
  window_closes_at: z.string().nullable(),
  /** In the recycle bin: its history is still shown. */
  deleted: z.boolean(),
});
export type ChatContact = z.infer<typeof ChatContact>;

export const ChatNumber = z.object({
  id: Id,
  phone: z.string(),
  verified_name: z.string(),
  status: z.string(),
  quality_rating: z.string(),
  deleted: z.boolean(),
});
export type ChatNumber = z.infer<typeof ChatNumber>;

export const History = z.object({
  /** Newest first when paging with `cursor` (or none); oldest first with `after`. */
  records: z.array(ChatMessage),
  /** Pass it again in the same parameter (cursor or after) for the next page; null when there is no more. */
  next_cursor: z.string().nullable(),
  contact: ChatContact.optional(),
  number: ChatNumber.optional(),
});
export type History = z.infer<typeof History>;

export const ConversationFilter = listRequestOf({
  /** Part of the contact's WhatsApp id, name or username, or a whole business-scoped user id. */
  search: z.string().trim().max(64).optional(),
  numberId: Id.optional(),
});
export type ConversationFilter = z.infer<typeof ConversationFilter>;

export const ConversationSummary = z.object({
  number_id: Id,
  number_phone: z.string(),
  number_name: z.string(),
  contact_id: Id,
  contact_wa_id: z.string().nullable(),
  contact_username: z.string().nullable(),
  contact_user_id: z.string().nullable(),
  contact_name: z.string(),
  last_message_at: z.string(),
  last_inbound_at: z.string().nullable(),
  window_open: z.boolean(),
  unread: z.number().int(),
  preview: z.string(),
  /** In the recycle bin: the conversation stays listed, as its history does. */
  number_deleted: z.boolean(),
  contact_deleted: z.boolean(),
});
export type ConversationSummary = z.infer<typeof ConversationSummary>;

export const ConversationPage = cappedPageOf(ConversationSummary);
export type ConversationPage = z.infer<typeof ConversationPage>;

export const MEDIA_MESSAGE_TYPES = ['image', 'video', 'audio', 'document', 'sticker'] as const;

/**
 * Whether `YYYY-MM-DDTHH:MM:SS[.ffffff]Z` names a real instant PostgreSQL can hold: Date.parse
 * takes 30 February as 2 March, and PostgreSQL has no year 0.
 */
export function isRealTimestamp(text: string): boolean {
  const parsed = Date.parse(text);
  return (
    !Number.isNaN(parsed) &&
    !text.startsWith('0000') &&
    new Date(parsed).toISOString().slice(0, 19) === text.slice(0, 19)
  );
}

export const MediaQuery = z.object({
  messageId: Id,
  /** The message's created_at exactly as the history gave it (it is part of the message's key). */
  createdAt: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/, 'must be the created_at of a history record')
    .refine(isRealTimestamp, 'must be the created_at of a history record'),
});
export type MediaQuery = z.infer<typeof MediaQuery>;

export const chatHistoryCalls = {
  messageHistory: defineCall({
    id: 'message.history',
    method: 'GET',
    path: '/api/message/history',
    tag: 'chat-history',
    summary:
      "A contact's or a number's message history, keyset-paged newest first (cursor), or newer messages oldest first (after)",
    access: ACCESS,
    kind: 'read',
    query: HistoryQuery,
    reply: envelopeOf(History),
  }),
  messageConversations: defineCall({
    id: 'message.conversations',
    method: 'POST',
    path: '/api/message/conversations',
    tag: 'chat-history',
    summary: 'Recent conversations (a number and a contact), newest first, to pick a chat from',
    access: ACCESS,
    kind: 'read',
    body: ConversationFilter,
    reply: envelopeOf(ConversationPage),
  }),
  messageMedia: defineCall({
    id: 'message.media',
    method: 'GET',
    path: '/api/message/media',
    tag: 'chat-history',
    summary: "The file of a media message, downloaded from the Cloud API with its number's token (raw bytes)",
    access: ACCESS,
    kind: 'read',
    query: MediaQuery,
    reply: z.string().describe('the media file as Meta stored it, with its own content type'),
    file: { contentType: 'application/octet-stream' },
  }),
} as const;
