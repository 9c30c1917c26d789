import { z } from 'zod';
import { Id, UserRef } from './auth.js';
import { defineCall } from './call.js';
import { HISTORY_LIMIT_DEFAULT, HISTORY_LIMIT_MAX, MediaQuery } from './chat-history.js';
import { envelopeOf } from './envelope.js';
import { OutgoingMedia } from './inbox-media.js';
import { InboxHistory } from './message-translation.js';
import { cappedPageOf, listRequestOf, textFilter } from './paging.js';
import { TagRef } from './tags.js';
import { TranslationLanguage, TranslationProvider } from './translation.js';

/**
 * The agents' inbox (the seat client at /client/, issue 17): conversations assigned to an agent
 * or waiting unassigned on the numbers it serves, and what an agent does with them. The agents
 * themselves are in `inbox-agents.ts`, quick replies in `quick-replies.ts`. Decision 0016 has the rules.
 */

/** Agents use the inbox; admins and operators may too (they see the whole tenant). */
const AGENTS = ['admin', 'operator', 'seat'] as const;

/**
 * open: being answered; pending: waiting for the customer (still the agent's); resolved: done
 * (frees a slot of the agent's cap; the customer writing again reopens it); snoozed: put away
 * until `snoozed_until` (a job wakes it, or the customer writing).
 */
export const CONVERSATION_STATUSES = ['open', 'pending', 'resolved', 'snoozed'] as const;
export const ConversationStatus = z.enum(CONVERSATION_STATUSES);
export type ConversationStatus = z.infer<typeof ConversationStatus>;

/** How the conversation's language was set: detected from the customer's messages, or by an agent. */
export const LANGUAGE_SOURCES = ['detected', 'manual'] as const;
export const LanguageSource = z.enum(LANGUAGE_SOURCES);
export type LanguageSource = z.infer<typeof LanguageSource>;

/** all: mine and the unassigned of my numbers (a seat), or the whole tenant (admin, operator). */
export const INBOX_QUEUES = ['all', 'mine', 'unassigned'] as const;
export const InboxQueue = z.enum(INBOX_QUEUES);
export type InboxQueue = z.infer<typeof InboxQueue>;

/** The 24-hour customer service window (Meta's, per business number). */
export const WINDOW_SECONDS = 24 * 60 * 60;

export const ConversationRef = z.object({ conversationId: Id });

/**
 * While a conversation is open the client repeats `inbox/viewing` every VIEWING_REFRESH_SECONDS;
 * another agent's "viewing" mark lasts VIEWING_TIMEOUT_SECONDS after its last event, so an agent
 * who left (or closed the laptop) stops being shown without a call of its own.
 */
export const VIEWING_REFRESH_SECONDS = 20;
export const VIEWING_TIMEOUT_SECONDS = 45;
export type ConversationRef = z.infer<typeof ConversationRef>;

export const InboxFilter = listRequestOf({
  queue: InboxQueue.default('all'),
  status: ConversationStatus.optional(),
  /** Part of the customer's name or phone number (or username). */
  search: textFilter(64),
  numberId: Id.optional(),
});
export type InboxFilter = z.infer<typeof InboxFilter>;

export const InboxConversation = z.object({
  id: Id,
  number_id: Id,
  number_phone: z.string(),
  number_name: z.string(),
  contact_id: Id,
  contact_name: z.string(),
  /** The phone number; null for a user who hides it behind a username. */
  contact_wa_id: z.string().nullable(),
  contact_username: z.string().nullable(),
  tags: z.array(TagRef),
  status: ConversationStatus,
  snoozed_until: z.string().nullable(),
  assignee: UserRef.nullable(),
  assigned_at: z.string().nullable(),
  /** The customer's language (BCP 47, e.g. `es`), null while unknown. */
  language: z.string().nullable(),
  language_source: LanguageSource.nullable(),
  /** Two-way translation on for this conversation. */
  translate: z.boolean(),
  unread: z.number().int(),
  last_message_at: z.string(),
  last_inbound_at: z.string().nullable(),
  /** Whether free-form messages may be sent, and for how many more seconds (0 when closed). */
  window_open: z.boolean(),
  window_remaining_seconds: z.number().int(),
  last_message_preview: z.string(),
  last_message_direction: z.enum(['in', 'out']).nullable(),
});
export type InboxConversation = z.infer<typeof InboxConversation>;

export const InboxPage = cappedPageOf(InboxConversation);
export type InboxPage = z.infer<typeof InboxPage>;

/** A conversation's messages, as `message/history` pages them (cursor: older, after: newer). */
export const InboxMessagesQuery = z
  .object({
    conversationId: Id,
    cursor: z.string().min(1).max(200).optional(),
    after: z.string().min(1).max(200).optional(),
    limit: z.coerce.number().int().min(1).max(HISTORY_LIMIT_MAX).default(HISTORY_LIMIT_DEFAULT),
    /** The reader's language, for each message's translation; the tenant's agent language when left out. */
    language: TranslationLanguage.optional(),
  })
  .refine((query) => query.cursor === undefined || query.after === undefined, {
    path: ['after'],
    message: 'cannot be combined with cursor',
  });
export type InboxMessagesQuery = z.infer<typeof InboxMessagesQuery>;

/** The file of a media message of the conversation (its key as the messages gave it). */
export const InboxMediaQuery = MediaQuery.extend({ conversationId: Id });
export type InboxMediaQuery = z.infer<typeof InboxMediaQuery>;

export const TEXT_MESSAGE_MAX = 4096;

/**
 * What an agent sends free-form: text, a location, or a file stored by `upimg` or `inbox/upload`
 * (its `url`, `/uploads/…`: an image, audio, video or document), which the server hands to the
 * number's Cloud API media store before it is sent.
 */
export const OutgoingContent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string().trim().min(1).max(TEXT_MESSAGE_MAX) }),
  ...OutgoingMedia,
  z.object({
    type: z.literal('location'),
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
    name: z.string().trim().max(256).optional(),
    address: z.string().trim().max(1024).optional(),
  }),
]);
export type OutgoingContent = z.infer<typeof OutgoingContent>;

export const SendRequest = z.object({
  conversationId: Id,
  content: OutgoingContent,
  /** The message this one replies to: its `meta_message_id` as the history gives it (a message of this conversation). */
  replyTo: z.string().trim().min(1).max(256).optional(),
  /**
   * With the conversation's translation on, text goes translated into the customer's language;
   * true sends it as typed (the agent chose to after a translation failed).
   */
  sendOriginal: z.boolean().default(false),
});
export type SendRequest = z.infer<typeof SendRequest>;

export const TemplateSendRequest = z.object({
  conversationId: Id,
  /** An APPROVED template of the number's WABA. */
  templateId: Id,
  /** The body's variables {{1}}..{{n}}, in order. */
  variables: z.array(z.string().trim().min(1).max(1024)).max(100).default([]),
});
export type TemplateSendRequest = z.infer<typeof TemplateSendRequest>;

/** A message handed to the send governor: it goes out in turn; its status follows in the history. */
export const QueuedReply = z.object({
  message_id: Id,
  created_at: z.string(),
  status: z.string(),
  /** A text sent translated: what the agent typed, and the translation the customer gets. */
  translation: z
    .object({
      original: z.string(),
      text: z.string(),
      language: TranslationLanguage,
      provider: TranslationProvider,
      simulated: z.boolean(),
    })
    .nullable()
    .optional(),
});
export type QueuedReply = z.infer<typeof QueuedReply>;

export const InboxTemplate = z.object({
  id: Id,
  name: z.string(),
  language: z.string(),
  category: z.string(),
  /** The BODY component's text, with its {{n}} variables. */
  body: z.string(),
  variables: z.number().int(),
});
export type InboxTemplate = z.infer<typeof InboxTemplate>;

export const NOTE_MAX = 4000;
export const NoteRequest = z.object({ conversationId: Id, text: z.string().trim().min(1).max(NOTE_MAX) });
export type NoteRequest = z.infer<typeof NoteRequest>;

/** An internal note: agents and operators of the tenant see it, the customer never does. */
export const ConversationNote = z.object({
  id: Id,
  conversation_id: Id,
  author: UserRef,
  text: z.string(),
  created_at: z.string(),
});
export type ConversationNote = z.infer<typeof ConversationNote>;

export const SnoozeRequest = z.object({
  conversationId: Id,
  /** ISO 8601 time in the future. */
  until: z.iso.datetime({ offset: true }),
});
export type SnoozeRequest = z.infer<typeof SnoozeRequest>;

export const AssignRequest = z.object({
  conversationId: Id,
  /** The agent to give it to; null puts it back in the number's queue. */
  assigneeUserId: Id.nullable(),
  note: z.string().trim().max(1000).default(''),
});
export type AssignRequest = z.infer<typeof AssignRequest>;

/** One change of hands: the assignment log (transfer history). */
export const AssignmentRecord = z.object({
  id: Id,
  from: UserRef.nullable(),
  to: UserRef.nullable(),
  /** Who did it; null when the product did (round robin, reopening). */
  by: UserRef.nullable(),
  reason: z.enum(['auto', 'take', 'assign', 'reopen']),
  note: z.string(),
  created_at: z.string(),
});
export type AssignmentRecord = z.infer<typeof AssignmentRecord>;

export const inboxCalls = {
  inboxList: defineCall({
    id: 'inbox.list',
    method: 'POST',
    path: '/api/inbox/list',
    tag: 'inbox',
    summary: "The agent's conversations (mine, the unassigned of my numbers), newest activity first",
    access: AGENTS,
    kind: 'read',
    body: InboxFilter,
    reply: envelopeOf(InboxPage),
  }),
  inboxOpen: defineCall({
    id: 'inbox.open',
    method: 'POST',
    path: '/api/inbox/open',
    tag: 'inbox',
    summary: 'Open a conversation: marks it read and tells the other agents of it that this one is viewing it',
    access: AGENTS,
    kind: 'action',
    body: ConversationRef,
    reply: envelopeOf(InboxConversation),
  }),
  inboxViewing: defineCall({
    id: 'inbox.viewing',
    method: 'POST',
    path: '/api/inbox/viewing',
    tag: 'inbox',
    summary: `Say again that this agent is viewing the conversation (the other agents see a mark): every ${VIEWING_REFRESH_SECONDS} s while it is open`,
    access: AGENTS,
    kind: 'read',
    body: ConversationRef,
    reply: envelopeOf(z.null()),
  }),
  inboxTyping: defineCall({
    id: 'inbox.typing',
    method: 'POST',
    path: '/api/inbox/typing',
    tag: 'inbox',
    summary:
      'The agent is typing a reply: the customer sees "typing…" (Meta\'s typing indicator, sent with the read receipt, up to 25 s or until the reply)',
    access: AGENTS,
    kind: 'read',
    body: ConversationRef,
    reply: envelopeOf(z.null()),
  }),
  inboxMessages: defineCall({
    id: 'inbox.messages',
    method: 'GET',
    path: '/api/inbox/messages',
    tag: 'inbox',
    summary: "A conversation's messages, keyset-paged newest first (cursor), or newer ones oldest first (after)",
    access: AGENTS,
    kind: 'read',
    query: InboxMessagesQuery,
    reply: envelopeOf(InboxHistory),
  }),
  inboxMedia: defineCall({
    id: 'inbox.media',
    method: 'GET',
    path: '/api/inbox/media',
    tag: 'inbox',
    summary: "The file of a media message of the conversation, downloaded from the Cloud API with its number's token",
    access: AGENTS,
    kind: 'read',
    query: InboxMediaQuery,
    reply: z.string().describe('the media file as Meta stored it, with its own content type'),
    file: { contentType: 'application/octet-stream' },
  }),
  inboxSend: defineCall({
    id: 'inbox.send',
    method: 'POST',
    path: '/api/inbox/send',
    tag: 'inbox',
    summary:
      'Send a free-form reply (text, image, audio, video, document or location, optionally replying to a message) inside the 24-hour window',
    access: AGENTS,
    kind: 'action',
    body: SendRequest,
    reply: envelopeOf(QueuedReply),
  }),
  inboxTemplates: defineCall({
    id: 'inbox.templates',
    method: 'POST',
    path: '/api/inbox/templates',
    tag: 'inbox',
    summary: "The approved templates of the conversation's number (what may be sent when the window is closed)",
    access: AGENTS,
    kind: 'read',
    body: ConversationRef,
    reply: envelopeOf(z.array(InboxTemplate)),
  }),
  inboxSendTemplate: defineCall({
    id: 'inbox.sendTemplate',
    method: 'POST',
    path: '/api/inbox/send-template',
    tag: 'inbox',
    summary: 'Send an approved template (the only thing that may go when the window is closed)',
    access: AGENTS,
    kind: 'action',
    body: TemplateSendRequest,
    reply: envelopeOf(QueuedReply),
  }),
  inboxNotes: defineCall({
    id: 'inbox.notes',
    method: 'POST',
    path: '/api/inbox/notes',
    tag: 'inbox',
    summary: "A conversation's internal notes, oldest first",
    access: AGENTS,
    kind: 'read',
    body: ConversationRef,
    reply: envelopeOf(z.array(ConversationNote)),
  }),
  inboxNoteAdd: defineCall({
    id: 'inbox.noteAdd',
    method: 'POST',
    path: '/api/inbox/note/add',
    tag: 'inbox',
    summary: 'Add an internal note (never sent to the customer)',
    access: AGENTS,
    kind: 'create',
    body: NoteRequest,
    reply: envelopeOf(ConversationNote),
  }),
  inboxResolve: defineCall({
    id: 'inbox.resolve',
    method: 'POST',
    path: '/api/inbox/resolve',
    tag: 'inbox',
    summary: "Resolve a conversation: it frees a slot of its agent's cap; the customer writing again reopens it",
    access: AGENTS,
    kind: 'update',
    body: ConversationRef,
    reply: envelopeOf(InboxConversation),
  }),
  inboxReopen: defineCall({
    id: 'inbox.reopen',
    method: 'POST',
    path: '/api/inbox/reopen',
    tag: 'inbox',
    summary: "Reopen a resolved or snoozed conversation (its agent's cap applies)",
    access: AGENTS,
    kind: 'update',
    body: ConversationRef,
    reply: envelopeOf(InboxConversation),
  }),
  inboxSnooze: defineCall({
    id: 'inbox.snooze',
    method: 'POST',
    path: '/api/inbox/snooze',
    tag: 'inbox',
    summary: 'Put a conversation away until a time; it wakes then, or when the customer writes',
    access: AGENTS,
    kind: 'update',
    body: SnoozeRequest,
    reply: envelopeOf(InboxConversation),
  }),
  inboxAssign: defineCall({
    id: 'inbox.assign',
    method: 'POST',
    path: '/api/inbox/assign',
    tag: 'inbox',
    summary: "Give a conversation to another agent (or back to the queue) with a note; the new agent's cap applies",
    access: AGENTS,
    kind: 'update',
    body: AssignRequest,
    reply: envelopeOf(InboxConversation),
  }),
  inboxTake: defineCall({
    id: 'inbox.take',
    method: 'POST',
    path: '/api/inbox/take',
    tag: 'inbox',
    summary: "Take a waiting conversation of one of my numbers; it leaves everyone else's queue",
    access: AGENTS,
    kind: 'update',
    body: ConversationRef,
    reply: envelopeOf(InboxConversation),
  }),
  inboxAssignments: defineCall({
    id: 'inbox.assignments',
    method: 'POST',
    path: '/api/inbox/assignments',
    tag: 'inbox',
    summary: "A conversation's transfer history, oldest first",
    access: AGENTS,
    kind: 'read',
    body: ConversationRef,
    reply: envelopeOf(z.array(AssignmentRecord)),
  }),
} as const;
