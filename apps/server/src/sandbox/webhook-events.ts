/**
 * Webhook values built the way Meta sends them, typed by the webhook engineer's payload schema
 * (`whatsapp/meta/webhook-payload.ts`), so a shape drift fails the type check here.
 */
import type { z } from 'zod';
import type {
  AccountUpdateValue,
  GroupEvent,
  InboundMessage,
  KnownChangeInput,
  MessageStatus,
  WebhookContact,
} from '../whatsapp/meta/webhook-payload.js';
import type { ByteWriter } from './byte-writer.js';
import type { WebhookError } from './graph-errors.js';
import type {
  LoggedMessage,
  SandboxCustomer,
  SandboxGroup,
  SandboxNumber,
  SandboxTemplate,
  TemplateStatus,
} from './state.js';
import { customerName } from './store.js';

export type StatusInput = z.input<typeof MessageStatus>;
export type WebhookContactInput = z.input<typeof WebhookContact>;
export type InboundMessageInput = z.input<typeof InboundMessage>;
export type GroupEventInput = z.input<typeof GroupEvent>;
export type AccountUpdateInput = z.input<typeof AccountUpdateValue>;
export type ChangeValue<F extends KnownChangeInput['field']> = Extract<KnownChangeInput, { field: F }>['value'];

export const unixSeconds = (ms: number): string => String(Math.floor(ms / 1000));

function metadataOf(number: SandboxNumber) {
  return { display_phone_number: number.phone, phone_number_id: number.id };
}

const DAY_MS = 86_400_000;

export type StatusName = 'held_for_quality_assessment' | 'sent' | 'delivered' | 'read' | 'failed';
/** For a group message, the participant a status is about; for a failure, its error. */
export interface StatusExtra {
  participant?: string;
  error?: WebhookError;
}

/**
 * A status of an outbound message. Per-message pricing as Meta reports it: a template is billed
 * by its category, a free-form reply inside the window is a free customer-service message.
 */
export function statusOf(
  message: LoggedMessage,
  status: StatusName,
  atMs: number,
  extra: StatusExtra = {},
): StatusInput {
  const out: StatusInput = {
    id: message.id,
    status,
    timestamp: unixSeconds(atMs),
  };
  if (!message.phoneHidden) out.recipient_id = message.waId;
  if (message.userId !== undefined) out.recipient_user_id = message.userId;
  if (message.recipientType === 'group') {
    out.recipient_type = 'group';
    if (extra.participant) out.recipient_participant_id = extra.participant;
  }
  if (message.callbackData !== undefined) out.biz_opaque_callback_data = message.callbackData;
  // A held message is not billed (yet): its status carries neither pricing nor errors.
  if (status === 'held_for_quality_assessment') return out;
  if (extra.error) {
    out.errors = [extra.error];
    return out;
  }
  const category = message.category ?? 'service';
  const free = category === 'service';
  out.pricing = {
    billable: !free,
    pricing_model: 'PMP',
    category,
    type: free ? 'free_customer_service' : 'regular',
  };
  if (status === 'sent') {
    out.conversation = {
      id: message.id.slice(-32),
      expiration_timestamp: unixSeconds(atMs + DAY_MS),
      origin: { type: category },
    };
  }
  return out;
}

/**
 * `statusOf` serialized into `out`. The common case (an individual's status without error or
 * callback data) is written field by field: at tens of thousands of sends a second the generic
 * serializer of an object tree per status shows, in time and in garbage. Its fields are ids,
 * digits and fixed words that need no escaping; a test holds it equal to
 * `JSON.stringify(statusOf(…))`.
 */
export function writeStatusJson(
  out: ByteWriter,
  message: LoggedMessage,
  status: StatusName,
  atMs: number,
  extra: StatusExtra = {},
): void {
  if (
    extra.error ||
    status === 'held_for_quality_assessment' ||
    message.recipientType === 'group' ||
    message.callbackData !== undefined ||
    message.userId !== undefined
  ) {
    out.jsonEscaped(JSON.stringify(statusOf(message, status, atMs, extra)));
    return;
  }
  const pieces = statusPieces(message.category ?? 'service', status);
  out.latin1('{"id":"');
  out.latin1(message.id);
  out.latin1(pieces.afterId);
  out.digits(Math.floor(atMs / 1000));
  out.latin1('","recipient_id":"');
  out.latin1(message.waId);
  out.latin1(pieces.afterRecipient);
  if (status !== 'sent') return;
  out.latin1(message.id.slice(-32));
  out.latin1('","expiration_timestamp":"');
  out.digits(Math.floor((atMs + DAY_MS) / 1000));
  out.latin1(pieces.afterExpiration);
}

interface StatusPieces {
  afterId: string;
  afterRecipient: string;
  afterExpiration: string;
}

const piecesByCategory = new Map<string, Partial<Record<StatusName, StatusPieces>>>();

/** The fixed text between a status's variable fields, made once per category and status. */
function statusPieces(category: string, status: StatusName): StatusPieces {
  let ofCategory = piecesByCategory.get(category);
  if (!ofCategory) {
    ofCategory = {};
    piecesByCategory.set(category, ofCategory);
  }
  let pieces = ofCategory[status];
  if (!pieces) {
    const free = category === 'service';
    const quoted = JSON.stringify(category);
    const pricing = `"pricing":{"billable":${!free},"pricing_model":"PMP","category":${quoted},"type":"${free ? 'free_customer_service' : 'regular'}"}`;
    pieces = {
      afterId: `","status":"${status}","timestamp":"`,
      afterRecipient: status === 'sent' ? `",${pricing},"conversation":{"id":"` : `",${pricing}}`,
      afterExpiration: `","origin":{"type":${quoted}}}}`,
    };
    ofCategory[status] = pieces;
  }
  return pieces;
}

/** The `messages` value of one inbound message from a customer. */
export function inboundValue(
  number: SandboxNumber,
  customer: SandboxCustomer,
  message: InboundMessageInput,
  userId?: string,
): ChangeValue<'messages'> {
  return {
    messaging_product: 'whatsapp',
    metadata: metadataOf(number),
    contacts: [contactOf(customer, userId)],
    messages: [message],
  };
}

/**
 * A webhook's `contacts` entry: the profile and wa_id, as before BSUIDs; for a customer with a
 * username also their username and BSUID, and no wa_id when they hide their phone.
 */
export function contactOf(customer: SandboxCustomer, userId?: string): WebhookContactInput {
  if (userId === undefined) return { profile: { name: customerName(customer) }, wa_id: customer.waId };
  const contact: WebhookContactInput = {
    profile: { name: customerName(customer), ...(customer.username ? { username: customer.username } : {}) },
    user_id: userId,
  };
  if (!customer.hidesPhone) contact.wa_id = customer.waId;
  return contact;
}

export function userPreferencesValue(
  number: SandboxNumber,
  customer: SandboxCustomer,
  value: 'stop' | 'resume',
  atMs: number,
  userId?: string,
): ChangeValue<'user_preferences'> {
  const contact = contactOf(customer, userId);
  return {
    metadata: metadataOf(number),
    contacts: [contact],
    user_preferences: [
      {
        ...(contact.wa_id === undefined ? {} : { wa_id: contact.wa_id }),
        ...(userId === undefined ? {} : { user_id: userId }),
        detail:
          value === 'stop'
            ? 'User requested to stop marketing messages'
            : 'User requested to resume marketing messages',
        category: 'marketing_messages',
        value,
        timestamp: unixSeconds(atMs),
      },
    ],
  };
}

/** FLAGGED / UNFLAGGED for quality, UPGRADE / DOWNGRADE for the messaging limit. */
export function qualityUpdateValue(
  number: SandboxNumber,
  event: 'FLAGGED' | 'UNFLAGGED' | 'UPGRADE' | 'DOWNGRADE' | 'THROUGHPUT_UPGRADE',
  oldLimit?: string,
): ChangeValue<'phone_number_quality_update'> {
  const value: ChangeValue<'phone_number_quality_update'> = {
    display_phone_number: number.phone,
    event,
    current_limit: event === 'THROUGHPUT_UPGRADE' ? number.throughputLevel : number.messagingLimitTier,
    max_daily_conversations_per_business: number.messagingLimitTier,
  };
  if (oldLimit !== undefined) value.old_limit = oldLimit;
  return value;
}

export function templateStatusValue(
  template: SandboxTemplate,
  event: TemplateStatus | 'PENDING_DELETION',
  reason: string,
): ChangeValue<'message_template_status_update'> {
  return {
    event,
    message_template_id: Number(template.id),
    message_template_name: template.name,
    message_template_language: template.language,
    reason,
    message_template_category: template.category,
  };
}

export function groupsValue(number: SandboxNumber, event: GroupEventInput): ChangeValue<'group_lifecycle_update'> {
  return { metadata: metadataOf(number), groups: [event] };
}

export function inviteLinkOf(group: SandboxGroup): string {
  return `https://chat.whatsapp.com/${group.inviteCode}`;
}
