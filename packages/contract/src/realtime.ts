import { z } from 'zod';
import { PoolStatus } from './allocations.js';
import { AudienceStatus } from './audiences.js';
import { Id } from './auth.js';
import { CampaignKind, CampaignStatus } from './campaigns.js';
import { MessageStatus } from './chat-history.js';
import { ConversationStatus, LanguageSource } from './inbox.js';

/**
 * The realtime channel (`GET /ws`): events the server pushes to signed-in consoles. Each event
 * says what changed, with ids enough to refetch it; the client invalidates its queries. All
 * field names are snake_case like the replies; times are ISO 8601 strings.
 */

const Time = z.string();

export const MessageCreatedEvent = z.object({
  type: z.literal('message.created'),
  data: z.object({
    message_id: Id,
    number_id: Id,
    contact_id: Id.nullable(),
    direction: z.enum(['in', 'out']),
    message_type: z.string(),
    preview: z.string(),
    created_at: Time,
  }),
});

/**
 * Outbound messages' statuses moved (sent, delivered, read, failed): one event for the messages of
 * one status batch that share their audience, so a campaign's thousands of statuses a second reach
 * a console as a few frames, not one each.
 */
export const MessagesUpdatedEvent = z.object({
  type: z.literal('messages.updated'),
  data: z.object({
    messages: z.array(
      z.object({
        message_id: Id,
        number_id: Id,
        contact_id: Id.nullable(),
        status: MessageStatus,
        status_at: Time,
      }),
    ),
  }),
});

export const ConversationUpdatedEvent = z.object({
  type: z.literal('conversation.updated'),
  data: z.object({
    number_id: Id,
    contact_id: Id,
    unread: z.number().int(),
    last_message_at: Time,
    /** The conversation's id (the inbox's key), where the publisher knows it. */
    conversation_id: Id.optional(),
  }),
});

/**
 * A conversation changed hands (round robin, take, assign, transfer, reopen): to the new and the
 * previous agent, and to the number's agents when it enters or leaves their queue (assignee null:
 * waiting in the queue).
 */
export const ConversationAssignedEvent = z.object({
  type: z.literal('conversation.assigned'),
  data: z.object({
    conversation_id: Id,
    number_id: Id,
    contact_id: Id,
    assignee_user_id: Id.nullable(),
    previous_user_id: Id.nullable(),
    status: ConversationStatus,
  }),
});

/** A conversation's status changed (resolved, reopened, snoozed, woken), or a note was added. */
export const ConversationStatusEvent = z.object({
  type: z.literal('conversation.status'),
  data: z.object({
    conversation_id: Id,
    number_id: Id,
    contact_id: Id,
    status: ConversationStatus,
    snoozed_until: Time.nullable(),
    assignee_user_id: Id.nullable(),
  }),
});

/** An internal note was added to a conversation. */
export const ConversationNoteEvent = z.object({
  type: z.literal('conversation.note'),
  data: z.object({ conversation_id: Id, note_id: Id, author_user_id: Id }),
});

/** An agent opened a conversation: the others of it see who is viewing, so two do not answer one customer. */
export const ConversationViewingEvent = z.object({
  type: z.literal('conversation.viewing'),
  data: z.object({ conversation_id: Id, user_id: Id, nickname: z.string(), at: Time }),
});

/** A message of a conversation was translated (or its translation failed): the client refetches it. */
export const MessageTranslatedEvent = z.object({
  type: z.literal('message.translated'),
  data: z.object({
    conversation_id: Id,
    number_id: Id,
    contact_id: Id,
    message_id: Id,
    /** The language it was translated into. */
    language: z.string(),
    state: z.enum(['ok', 'failed', 'same']),
  }),
});

/** A conversation's translation was turned on or off, or its customer's language detected or set. */
export const ConversationTranslationEvent = z.object({
  type: z.literal('conversation.translation'),
  data: z.object({
    conversation_id: Id,
    number_id: Id,
    contact_id: Id,
    translate: z.boolean(),
    language: z.string().nullable(),
    language_source: LanguageSource.nullable(),
  }),
});

/** Contacts given to another agent, or numbers to another owner (owner_user_id null: none). */
export const AssigneeChangedEvent = z.object({
  type: z.literal('assignee.changed'),
  data: z.object({
    subject: z.enum(['contact', 'number']),
    ids: z.array(Id),
    owner_user_id: Id.nullable(),
  }),
});

export const CampaignProgressEvent = z.object({
  type: z.literal('campaign.progress'),
  data: z.object({ campaign_id: Id, status: z.string(), total: z.number().int(), sent: z.number().int() }),
});

/** A campaign's status changed (an operator's action, or the dispatcher completing or holding it). */
export const CampaignUpdatedEvent = z.object({
  type: z.literal('campaign.updated'),
  data: z.object({ campaign_id: Id, kind: CampaignKind, status: CampaignStatus, run_no: z.number().int() }),
});

/** A lead-intake order's counts changed (details added or removed, a recount, a new period). */
export const OrderProgressEvent = z.object({
  type: z.literal('order.progress'),
  data: z.object({ order_id: Id, period: z.number().int() }),
});

export const ImportProgressEvent = z.object({
  type: z.literal('import.progress'),
  data: z.object({
    import_id: Id,
    status: z.enum(['queued', 'running', 'done', 'failed']),
    total_rows: z.number().int(),
    processed_rows: z.number().int(),
  }),
});

/** An audience list moved on: checking or loading progressed, or ended. */
export const AudienceProgressEvent = z.object({
  type: z.literal('audience.progress'),
  data: z.object({
    list_id: Id,
    status: AudienceStatus,
    read_bytes: z.number().int(),
    rows: z.number().int(),
    loaded_rows: z.number().int(),
  }),
});

/** An allocation pool moved on: its contacts were (partly) given their numbers and agents. */
export const PoolProgressEvent = z.object({
  type: z.literal('pool.progress'),
  data: z.object({ pool_id: Id, status: PoolStatus, with_number: z.number().int(), with_agent: z.number().int() }),
});

/** A business profile run moved on: numbers applied, failed or skipped, or the run ended. */
export const ProfileProgressEvent = z.object({
  type: z.literal('profile.progress'),
  data: z.object({
    run_id: Id,
    status: z.enum(['running', 'done']),
    total: z.number().int(),
    applied: z.number().int(),
    failed: z.number().int(),
    skipped: z.number().int(),
  }),
});

/** A template's status, quality or category changed at Meta (a review decision, a pause…). */
export const TemplateUpdatedEvent = z.object({
  type: z.literal('template.updated'),
  data: z.object({ template_id: Id, status: z.string() }),
});

/** A pull-group task moved: its status, roll-ups, groups or members (group invites). */
export const PullTaskUpdatedEvent = z.object({
  type: z.literal('pull_group.updated'),
  data: z.object({ task_id: Id }),
});

/** The sign-in the socket belongs to was ended: the server closes the socket after this. */
export const SessionRevokedEvent = z.object({
  type: z.literal('session.revoked'),
  data: z.object({ session_id: z.string() }),
});

/**
 * A wallet's available balance fell under the tenant's low-balance threshold (once until it is
 * topped up or the threshold changes), or a prepaid send could not be funded (issue 20).
 */
export const WalletLowBalanceEvent = z.object({
  type: z.literal('wallet.low_balance'),
  data: z.object({ available: z.number().int(), threshold: z.number().int(), sends_held: z.number().int() }),
});

/** A notice addressed to the tenant was published (and is active) or deleted: the badge and lists refetch. */
export const NoticeChangedEvent = z.object({
  type: z.literal('notice.changed'),
  data: z.object({ notice_id: Id, change: z.enum(['published', 'deleted']) }),
});

export const RealtimeEvent = z.discriminatedUnion('type', [
  MessageCreatedEvent,
  MessagesUpdatedEvent,
  ConversationUpdatedEvent,
  AssigneeChangedEvent,
  ConversationAssignedEvent,
  ConversationStatusEvent,
  ConversationNoteEvent,
  ConversationViewingEvent,
  MessageTranslatedEvent,
  ConversationTranslationEvent,
  CampaignProgressEvent,
  CampaignUpdatedEvent,
  OrderProgressEvent,
  ImportProgressEvent,
  AudienceProgressEvent,
  PoolProgressEvent,
  ProfileProgressEvent,
  TemplateUpdatedEvent,
  PullTaskUpdatedEvent,
  SessionRevokedEvent,
  WalletLowBalanceEvent,
  NoticeChangedEvent,
]);
export type RealtimeEvent = z.infer<typeof RealtimeEvent>;
export type RealtimeEventType = RealtimeEvent['type'];

/** The client's first message, within a few seconds of opening: its token, and the last event it saw. */
export const RealtimeAuth = z.object({
  type: z.literal('auth'),
  token: z.string().min(1).max(4096),
  last_event_id: Id.nullable().optional(),
});
export type RealtimeAuth = z.infer<typeof RealtimeAuth>;

/**
 * What the server sends: `ready` once signed in (the last event before the live stream, null when
 * there is none), `event`s in delivery order, and `resync` when the events since the client's
 * last one cannot be replayed (too many, or pruned): the client refetches what it shows.
 */
export const RealtimeServerMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), last_event_id: Id.nullable() }),
  z.object({ type: z.literal('resync'), last_event_id: Id.nullable() }),
  z.object({ type: z.literal('event'), id: Id, at: Time, event: RealtimeEvent }),
]);
export type RealtimeServerMessage = z.infer<typeof RealtimeServerMessage>;

/** Close codes of the channel besides WebSocket's own. */
export const REALTIME_CLOSE = {
  /** No valid auth message in time, a bad token, or the session was revoked: sign in again. */
  unauthorized: 4401,
  /** The client did not read fast enough; reconnect with the last event id. */
  tooSlow: 4408,
} as const;
