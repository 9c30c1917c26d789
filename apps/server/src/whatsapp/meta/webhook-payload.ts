/**
 * Meta's WhatsApp Business Account webhook payloads: the envelope
 * `{object: 'whatsapp_business_account', entry: [{id, changes: [{field, value}]}]}` and the value of
 * each field the product handles. Shapes follow Meta's webhook reference and its published
 * examples. Lenient where Meta adds things: every object passes unknown keys through, a message
 * type or change field we do not know is kept (its own members stay untyped), ids and timestamps
 * may come as strings or numbers (the group examples carry wa_ids as numbers).
 */
import { z } from 'zod';

/** A Meta id (wa_id, group participant, template id): Meta's examples give some as JSON numbers. */
const metaId = z.union([z.string(), z.number()]).transform(String);
/** Unix seconds, as Meta's decimal string (or, in a few group webhooks, a number). */
const unixSeconds = z
  .union([z.string().regex(/^\d+$/, 'must be unix seconds'), z.number().int().nonnegative()])
  .transform(Number);

export const MetaError = z.looseObject({
  code: z.union([z.number(), z.string()]),
  title: z.string().optional(),
  message: z.string().optional(),
  error_data: z.looseObject({ details: z.string().optional() }).optional(),
  href: z.string().optional(),
});
export type MetaError = z.infer<typeof MetaError>;

export const WebhookMetadata = z.looseObject({
  display_phone_number: z.string(),
  phone_number_id: z.string(),
});

/**
 * A business-scoped user id (BSUID): an ISO country code, a dot, up to 128 letters and digits
 * (`US.13491208655302741918`); a parent BSUID has `ENT.` after the country (`US.ENT.1181…`).
 */
export const BSUID_PATTERN = /^[A-Z]{2}\.(ENT\.)?[A-Za-z0-9]{1,128}$/;

export const WebhookContact = z.looseObject({
  /** The user's phone number: absent for a user with a username who hides it. */
  wa_id: z.string().optional(),
  /** Business-scoped user id, sent beside (or, for users with a username, instead of) wa_id. */
  user_id: z.string().optional(),
  /** The parent BSUID, for businesses Meta enrolled in linked portfolios. */
  parent_user_id: z.string().optional(),
  profile: z.looseObject({ name: z.string().optional(), username: z.string().optional() }).optional(),
});
export type WebhookContact = z.infer<typeof WebhookContact>;

const Media = z.looseObject({
  id: z.string(),
  mime_type: z.string().optional(),
  sha256: z.string().optional(),
  caption: z.string().optional(),
  filename: z.string().optional(),
  voice: z.boolean().optional(),
  animated: z.boolean().optional(),
});

const SharedContact = z.looseObject({
  name: z.looseObject({ formatted_name: z.string().optional(), first_name: z.string().optional() }).optional(),
  phones: z.array(z.looseObject({ phone: z.string().optional(), wa_id: z.string().optional() })).optional(),
});

const Interactive = z.looseObject({
  type: z.string(),
  button_reply: z.looseObject({ id: z.string(), title: z.string() }).optional(),
  list_reply: z.looseObject({ id: z.string(), title: z.string(), description: z.string().optional() }).optional(),
  /** A WhatsApp Flow's reply: response_json is the flow's answers as a JSON string. */
  nfm_reply: z
    .looseObject({ name: z.string().optional(), body: z.string().optional(), response_json: z.string() })
    .optional(),
});

/**
 * One inbound message. `type` says which member carries the content; a type we do not list is
 * still a valid message (Meta adds types), kept with its content untyped.
 */
export const InboundMessage = z.looseObject({
  /** The sender's phone number; absent when the user hides it behind a username (then from_user_id). */
  from: z.string().optional(),
  /** The sender's BSUID. */
  from_user_id: z.string().optional(),
  from_parent_user_id: z.string().optional(),
  id: z.string(),
  timestamp: unixSeconds,
  type: z.string(),
  /** Set when the message was written in a group the business number is in. */
  group_id: z.string().optional(),
  context: z
    .looseObject({
      from: z.string().optional(),
      id: z.string().optional(),
      forwarded: z.boolean().optional(),
      frequently_forwarded: z.boolean().optional(),
      referred_product: z.looseObject({ catalog_id: z.string(), product_retailer_id: z.string() }).optional(),
    })
    .optional(),
  referral: z.looseObject({ source_url: z.string().optional(), source_type: z.string().optional() }).optional(),
  errors: z.array(MetaError).optional(),
  text: z.looseObject({ body: z.string() }).optional(),
  /** emoji is absent when the user removed their reaction. */
  reaction: z.looseObject({ message_id: z.string(), emoji: z.string().optional() }).optional(),
  image: Media.optional(),
  audio: Media.optional(),
  video: Media.optional(),
  document: Media.optional(),
  sticker: Media.optional(),
  location: z
    .looseObject({
      latitude: z.number(),
      longitude: z.number(),
      name: z.string().optional(),
      address: z.string().optional(),
      url: z.string().optional(),
    })
    .optional(),
  contacts: z.array(SharedContact).optional(),
  /** A tap on a template's quick-reply button. */
  button: z.looseObject({ payload: z.string().optional(), text: z.string() }).optional(),
  interactive: Interactive.optional(),
  order: z
    .looseObject({
      catalog_id: z.string(),
      text: z.string().optional(),
      product_items: z.array(
        z.looseObject({
          product_retailer_id: z.string(),
          quantity: z.number(),
          item_price: z.number(),
          currency: z.string(),
        }),
      ),
    })
    .optional(),
  system: z
    .looseObject({
      body: z.string().optional(),
      type: z.string().optional(),
      /** For user_changed_number: the user's new wa_id. */
      wa_id: z.string().optional(),
      new_wa_id: z.string().optional(),
      /** For user_changed_user_id: the user's new BSUID (Meta's reference names no field yet; both spellings read). */
      user_id: z.string().optional(),
      new_user_id: z.string().optional(),
    })
    .optional(),
});
export type InboundMessage = z.infer<typeof InboundMessage>;

/** A status of a message the business sent: sent, delivered, read, failed (and played, for voice). */
export const MessageStatus = z.looseObject({
  id: z.string(),
  status: z.string(),
  timestamp: unixSeconds,
  /** The recipient's phone number; absent when the message was sent to a BSUID of a user hiding it. */
  recipient_id: z.string().optional(),
  recipient_user_id: z.string().optional(),
  recipient_parent_user_id: z.string().optional(),
  recipient_type: z.string().optional(),
  /** For a message to a group: the participant this status is about. */
  recipient_participant_id: z.string().optional(),
  biz_opaque_callback_data: z.string().optional(),
  conversation: z
    .looseObject({
      id: z.string().optional(),
      expiration_timestamp: unixSeconds.optional(),
      origin: z.looseObject({ type: z.string() }).optional(),
    })
    .optional(),
  pricing: z
    .looseObject({
      billable: z.boolean().optional(),
      pricing_model: z.string().optional(),
      category: z.string().optional(),
      type: z.string().optional(),
    })
    .optional(),
  errors: z.array(MetaError).optional(),
});
export type MessageStatus = z.infer<typeof MessageStatus>;

/** The `messages` field: inbound messages, statuses of sent ones, and the senders' profiles. */
export const MessagesValue = z.looseObject({
  messaging_product: z.literal('whatsapp').optional(),
  metadata: WebhookMetadata,
  contacts: z.array(WebhookContact).optional(),
  messages: z.array(InboundMessage).optional(),
  statuses: z.array(MessageStatus).optional(),
  errors: z.array(MetaError).optional(),
});
export type MessagesValue = z.infer<typeof MessagesValue>;

/** The `user_preferences` field: a user stopped or resumed marketing messages. */
export const UserPreferencesValue = z.looseObject({
  metadata: WebhookMetadata,
  contacts: z.array(WebhookContact).optional(),
  user_preferences: z.array(
    z.looseObject({
      wa_id: z.string().optional(),
      user_id: z.string().optional(),
      detail: z.string().optional(),
      category: z.string(),
      value: z.string(),
      timestamp: unixSeconds,
    }),
  ),
});
export type UserPreferencesValue = z.infer<typeof UserPreferencesValue>;

/** Messaging limit or throughput of a number changed; FLAGGED means its quality turned low (red). */
export const PhoneNumberQualityValue = z.looseObject({
  display_phone_number: z.string(),
  event: z.string(),
  current_limit: z.string().optional(),
  old_limit: z.string().optional(),
  max_daily_conversations_per_business: z.union([z.string(), z.number()]).optional(),
});
export type PhoneNumberQualityValue = z.infer<typeof PhoneNumberQualityValue>;

export const PhoneNumberNameValue = z.looseObject({
  display_phone_number: z.string(),
  decision: z.string(),
  requested_verified_name: z.string().optional(),
  rejection_reason: z.string().nullable().optional(),
});
export type PhoneNumberNameValue = z.infer<typeof PhoneNumberNameValue>;

/** WABA-level events: restrictions, bans (DISABLED_UPDATE), violations, deletion. */
export const AccountUpdateValue = z.looseObject({
  event: z.string(),
  phone_number: z.string().optional(),
  ban_info: z.looseObject({ waba_ban_state: z.string(), waba_ban_date: z.string().optional() }).optional(),
  restriction_info: z
    .array(z.looseObject({ restriction_type: z.string(), expiration: z.string().optional() }))
    .optional(),
  violation_info: z.looseObject({ violation_type: z.string() }).optional(),
});
export type AccountUpdateValue = z.infer<typeof AccountUpdateValue>;

export const AccountReviewValue = z.looseObject({ decision: z.string() });
export type AccountReviewValue = z.infer<typeof AccountReviewValue>;

/** What names a template in template webhooks; Meta sends the id as a number. */
const TemplateRef = {
  message_template_id: metaId.optional(),
  message_template_name: z.string(),
  message_template_language: z.string(),
};

export const TemplateStatusValue = z.looseObject({
  ...TemplateRef,
  event: z.string(),
  reason: z.string().nullable().optional(),
  message_template_category: z.string().optional(),
});
export type TemplateStatusValue = z.infer<typeof TemplateStatusValue>;

export const TemplateQualityValue = z.looseObject({
  ...TemplateRef,
  previous_quality_score: z.string().optional(),
  new_quality_score: z.string(),
});
export type TemplateQualityValue = z.infer<typeof TemplateQualityValue>;

export const TemplateCategoryValue = z.looseObject({
  ...TemplateRef,
  previous_category: z.string().optional(),
  new_category: z.string(),
});
export type TemplateCategoryValue = z.infer<typeof TemplateCategoryValue>;

export const BusinessCapabilityValue = z.looseObject({
  max_daily_conversation_per_phone: z.union([z.number(), z.string()]).optional(),
  max_daily_conversations_per_business: z.union([z.number(), z.string()]).optional(),
  max_phone_numbers_per_business: z.number().optional(),
  max_phone_numbers_per_waba: z.number().optional(),
});
export type BusinessCapabilityValue = z.infer<typeof BusinessCapabilityValue>;

/** A participant in a group webhook: removals may name only what the business sent (`input`). */
const GroupParticipant = z.looseObject({
  input: metaId.optional(),
  wa_id: metaId.optional(),
  user_id: z.string().optional(),
});
export type GroupParticipant = z.infer<typeof GroupParticipant>;

const GroupSettingChange = z.looseObject({
  text: z.string().optional(),
  update_successful: z.boolean().optional(),
  errors: z.array(MetaError).optional(),
});

/**
 * One group event. The type tells what happened (group_create, group_delete,
 * group_participants_add/remove, group_join_request_created/revoked, group_settings_update,
 * group_suspend, group_suspend_cleared); Meta's own "remove participants" example says
 * group_create, so handlers look at the lists present as well as the type.
 */
export const GroupEvent = z.looseObject({
  timestamp: unixSeconds,
  group_id: z.string().optional(),
  type: z.string(),
  request_id: z.string().optional(),
  subject: z.string().optional(),
  description: z.string().optional(),
  invite_link: z.string().optional(),
  join_approval_mode: z.string().optional(),
  reason: z.string().optional(),
  initiated_by: z.string().optional(),
  join_request_id: z.string().optional(),
  wa_id: metaId.optional(),
  added_participants: z.array(GroupParticipant).optional(),
  removed_participants: z.array(GroupParticipant).optional(),
  failed_participants: z.array(GroupParticipant).optional(),
  group_subject: GroupSettingChange.optional(),
  group_description: GroupSettingChange.optional(),
  profile_picture: z.looseObject({ mime_type: z.string().optional(), sha256: z.string().optional() }).optional(),
  errors: z.array(MetaError).optional(),
});
export type GroupEvent = z.infer<typeof GroupEvent>;

/** The value of the four group fields. */
export const GroupsValue = z.looseObject({
  metadata: WebhookMetadata,
  groups: z.array(GroupEvent),
});
export type GroupsValue = z.infer<typeof GroupsValue>;

/** The value schema of every field the product handles. */
export const changeValueSchemas = {
  messages: MessagesValue,
  user_preferences: UserPreferencesValue,
  phone_number_quality_update: PhoneNumberQualityValue,
  phone_number_name_update: PhoneNumberNameValue,
  account_update: AccountUpdateValue,
  account_review_update: AccountReviewValue,
  message_template_status_update: TemplateStatusValue,
  message_template_quality_update: TemplateQualityValue,
  template_category_update: TemplateCategoryValue,
  business_capability_update: BusinessCapabilityValue,
  group_lifecycle_update: GroupsValue,
  group_participants_update: GroupsValue,
  group_settings_update: GroupsValue,
  group_status_update: GroupsValue,
} as const;
export type KnownField = keyof typeof changeValueSchemas;
export const isKnownField = (field: string): field is KnownField => Object.hasOwn(changeValueSchemas, field);

/** A change of a known field with its value parsed. */
export type KnownChange = {
  [F in KnownField]: { field: F; value: z.infer<(typeof changeValueSchemas)[F]> };
}[KnownField];
/** What a sender (the sandbox) writes for a change of a known field. */
export type KnownChangeInput = {
  [F in KnownField]: { field: F; value: z.input<(typeof changeValueSchemas)[F]> };
}[KnownField];

/**
 * The envelope alone, without looking into change values: what intake checks (cheap whatever the
 * number of statuses inside) and what processing reads before parsing each value by its field.
 */
export const WebhookEnvelope = z.looseObject({
  object: z.literal('whatsapp_business_account'),
  entry: z.array(
    z.looseObject({
      id: metaId,
      time: z.number().optional(),
      changes: z.array(z.looseObject({ field: z.string().min(1), value: z.looseObject({}) })),
    }),
  ),
});
export type WebhookEnvelope = z.infer<typeof WebhookEnvelope>;

/** A whole payload as a sender builds it (known fields typed). */
export interface WebhookPayloadInput {
  object: 'whatsapp_business_account';
  entry: { id: string; time?: number; changes: KnownChangeInput[] }[];
}

/** Parses one change's value by its field; an unknown field is reported, not an error. */
export function parseChange(change: {
  field: string;
  value: unknown;
}): { kind: 'known'; change: KnownChange } | { kind: 'unknown' } | { kind: 'invalid'; problem: string } {
  if (!isKnownField(change.field)) return { kind: 'unknown' };
  const parsed = changeValueSchemas[change.field].safeParse(change.value);
  if (!parsed.success) return { kind: 'invalid', problem: describeIssues(parsed.error.issues) };
  return { kind: 'known', change: { field: change.field, value: parsed.data } as KnownChange };
}

/** `path: message; path: message`, for 400 replies and event problems. */
export function describeIssues(issues: readonly z.core.$ZodIssue[], limit = 3): string {
  const shown = issues.slice(0, limit).map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
  if (issues.length > limit) shown.push(`and ${issues.length - limit} more`);
  return shown.join('; ');
}
