/**
 * Meta's request body of `POST /{version}/{phone-number-id}/messages`: every message type the product
 * sends, and the mark-as-read body that goes to the same endpoint.
 *
 * Objects are loose (Meta adds fields, and a field we do not know must not make a valid send fail);
 * every field Meta requires is required here, with Meta's documented length limits, so the sandbox
 * refuses what Meta would refuse and names the field.
 */
import { z } from 'zod';
import { BSUID_PATTERN } from './webhook-payload.js';

const nonEmpty = z.string().min(1);
const httpUrl = z.string().regex(/^https?:\/\/\S+$/i, 'must be an http(s) URL');

// ---- media (image, audio, video, document, sticker) -------------------------------------------

/** A media object names an uploaded media id or a public link: exactly one of them. */
export const mediaSchema = z
  .looseObject({
    id: nonEmpty.optional(),
    link: httpUrl.optional(),
    caption: z.string().max(1024).optional(),
    filename: z.string().max(240).optional(),
  })
  .refine((media) => (media.id === undefined) !== (media.link === undefined), {
    message: 'either id or link is required, not both',
    path: ['id'],
  });

export const locationSchema = z.looseObject({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  name: z.string().optional(),
  address: z.string().optional(),
});

// ---- template ---------------------------------------------------------------------------------

const parameterName = { parameter_name: z.string().optional() };

/** Parameters of header and body components. */
const templateParameterOptions = [
  z.looseObject({ type: z.literal('text'), text: z.string(), ...parameterName }),
  z.looseObject({
    type: z.literal('currency'),
    currency: z.looseObject({
      fallback_value: z.string(),
      code: z.string().regex(/^[A-Za-z]{3}$/, 'must be an ISO 4217 code'),
      amount_1000: z.number().int(),
    }),
    ...parameterName,
  }),
  z.looseObject({
    type: z.literal('date_time'),
    date_time: z.looseObject({ fallback_value: z.string() }),
    ...parameterName,
  }),
  z.looseObject({ type: z.literal('image'), image: mediaSchema, ...parameterName }),
  z.looseObject({ type: z.literal('video'), video: mediaSchema, ...parameterName }),
  z.looseObject({ type: z.literal('document'), document: mediaSchema, ...parameterName }),
  z.looseObject({ type: z.literal('location'), location: locationSchema, ...parameterName }),
] as const;
export const templateParameterSchema = z.discriminatedUnion('type', [...templateParameterOptions]);

/**
 * A body parameter may also be a group invite (Groups API): `{ "type": "group_id", "group_id": "…" }`
 * names a group of the sending number, and WhatsApp shows the recipient that group's invite.
 * Meta's group-invite template (its Template Library's `group_invite_link`) takes one in its body.
 */
export const groupIdParameterSchema = z.looseObject({
  type: z.literal('group_id'),
  group_id: nonEmpty.max(256),
  ...parameterName,
});
export const bodyParameterSchema = z.discriminatedUnion('type', [...templateParameterOptions, groupIdParameterSchema]);

/** Parameters of a button component: a quick reply's payload, a URL suffix, a coupon code, an action. */
export const buttonParameterSchema = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('payload'), payload: z.string() }),
  // Meta's own sample_issue_resolution example sends booleans here; strings are what URL buttons take.
  z.looseObject({ type: z.literal('text'), text: z.union([z.string(), z.boolean()]) }),
  z.looseObject({ type: z.literal('coupon_code'), coupon_code: nonEmpty.max(15) }),
  z.looseObject({ type: z.literal('action'), action: z.looseObject({}) }),
]);

/** Meta allows at most 10 buttons; the index arrives as a number or as a digit string. */
const buttonIndex = z.union([z.number().int().min(0).max(9), z.string().regex(/^\d$/, 'must be 0 to 9')]);

export const templateComponentSchema = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('header'), parameters: z.array(templateParameterSchema) }),
  z.looseObject({ type: z.literal('body'), parameters: z.array(bodyParameterSchema) }),
  z.looseObject({
    type: z.literal('button'),
    sub_type: nonEmpty,
    index: buttonIndex,
    parameters: z.array(buttonParameterSchema).optional(),
  }),
  // Carousel cards and limited-time offers carry their own nested components: passed through.
  z.looseObject({ type: z.literal('carousel'), cards: z.array(z.looseObject({})) }),
  z.looseObject({ type: z.literal('limited_time_offer'), parameters: z.array(z.looseObject({})) }),
]);

export const templateSchema = z.looseObject({
  name: nonEmpty.max(512),
  language: z.looseObject({ code: nonEmpty, policy: z.literal('deterministic').optional() }),
  components: z.array(templateComponentSchema).optional(),
});

// ---- contacts card ----------------------------------------------------------------------------

/** Emails and URLs of a card: a value with an optional HOME/WORK type. */
const typedValues = (key: 'email' | 'url') =>
  z.array(z.looseObject({ [key]: z.string().optional(), type: z.string().optional() }));

export const contactCardSchema = z.looseObject({
  name: z.looseObject({
    formatted_name: nonEmpty,
    first_name: z.string().optional(),
    last_name: z.string().optional(),
    middle_name: z.string().optional(),
    prefix: z.string().optional(),
    suffix: z.string().optional(),
  }),
  phones: z
    .array(z.looseObject({ phone: z.string().optional(), type: z.string().optional(), wa_id: z.string().optional() }))
    .optional(),
  emails: typedValues('email').optional(),
  urls: typedValues('url').optional(),
  addresses: z.array(z.looseObject({ type: z.string().optional() })).optional(),
  org: z.looseObject({}).optional(),
  birthday: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD')
    .optional(),
});

// ---- interactive ------------------------------------------------------------------------------

const interactiveText = (max: number) => z.looseObject({ text: nonEmpty.max(max) });

export const interactiveHeaderSchema = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('text'), text: nonEmpty.max(60) }),
  z.looseObject({ type: z.literal('image'), image: mediaSchema }),
  z.looseObject({ type: z.literal('video'), video: mediaSchema }),
  z.looseObject({ type: z.literal('document'), document: mediaSchema }),
]);

/** Header, body and footer as the button, list and call-to-action kinds use them. */
const frame = {
  header: interactiveHeaderSchema.optional(),
  body: interactiveText(1024),
  footer: interactiveText(60).optional(),
};

/** Kinds the product does not compose itself (flows, commerce): only their shape is checked. */
const lenientKinds = [
  'flow',
  'product',
  'product_list',
  'catalog_message',
  'order_details',
  'order_status',
  'location_request_message',
  'address_message',
  'call_permission_request',
  'voice_call',
] as const;

export const interactiveSchema = z.discriminatedUnion('type', [
  z.looseObject({
    type: z.literal('button'),
    ...frame,
    action: z.looseObject({
      buttons: z
        .array(
          z.looseObject({
            type: z.literal('reply'),
            reply: z.looseObject({ id: nonEmpty.max(256), title: nonEmpty.max(20) }),
          }),
        )
        .min(1)
        .max(3),
    }),
  }),
  z.looseObject({
    type: z.literal('list'),
    ...frame,
    action: z.looseObject({
      button: nonEmpty.max(20),
      sections: z
        .array(
          z.looseObject({
            title: z.string().max(24).optional(),
            rows: z
              .array(
                z.looseObject({
                  id: nonEmpty.max(200),
                  title: nonEmpty.max(24),
                  description: z.string().max(72).optional(),
                }),
              )
              .min(1),
          }),
        )
        .min(1)
        .max(10),
    }),
  }),
  z.looseObject({
    type: z.literal('cta_url'),
    ...frame,
    action: z.looseObject({
      name: z.literal('cta_url'),
      parameters: z.looseObject({ display_text: nonEmpty.max(20), url: httpUrl }),
    }),
  }),
  z.looseObject({ type: z.enum(lenientKinds), action: z.looseObject({}) }),
]);

// ---- the message ------------------------------------------------------------------------------

/** A phone number as Meta takes it: digits with an optional + and the usual separators. */
const phoneNumber = /^\+?\d[\d\s().-]{3,30}$/;

const envelope = {
  messaging_product: z.literal('whatsapp'),
  recipient_type: z.enum(['individual', 'group']).optional(),
  /** A phone number or WhatsApp id; a group id when recipient_type is group. */
  to: nonEmpty.max(256).optional(),
  /**
   * A business-scoped user id (BSUID) or parent BSUID: how a user known without a phone number is
   * addressed. Meta takes it instead of, or beside, `to`.
   */
  recipient: nonEmpty.max(256).optional(),
  context: z.looseObject({ message_id: nonEmpty }).optional(),
  biz_opaque_callback_data: z.string().max(512).optional(),
};

/** The message types of a send: each is also the name of the object that carries its content. */
export const messageTypes = [
  'text',
  'template',
  'image',
  'audio',
  'video',
  'document',
  'sticker',
  'contacts',
  'location',
  'reaction',
  'interactive',
] as const;
export type MessageType = (typeof messageTypes)[number];

const withEnvelope = <Shape extends z.core.$ZodLooseShape>(shape: Shape) => z.looseObject({ ...envelope, ...shape });

const messageUnion = z.discriminatedUnion('type', [
  withEnvelope({
    type: z.literal('text'),
    text: z.looseObject({ body: nonEmpty.max(4096), preview_url: z.boolean().optional() }),
  }),
  withEnvelope({ type: z.literal('template'), template: templateSchema }),
  withEnvelope({ type: z.literal('image'), image: mediaSchema }),
  withEnvelope({ type: z.literal('audio'), audio: mediaSchema }),
  withEnvelope({ type: z.literal('video'), video: mediaSchema }),
  withEnvelope({ type: z.literal('document'), document: mediaSchema }),
  withEnvelope({ type: z.literal('sticker'), sticker: mediaSchema }),
  withEnvelope({ type: z.literal('contacts'), contacts: z.array(contactCardSchema).min(1) }),
  withEnvelope({ type: z.literal('location'), location: locationSchema }),
  withEnvelope({
    type: z.literal('reaction'),
    // An empty emoji removes the reaction.
    reaction: z.looseObject({ message_id: nonEmpty, emoji: z.string() }),
  }),
  withEnvelope({ type: z.literal('interactive'), interactive: interactiveSchema }),
]);

/**
 * Meta defaults a missing `type` to text; one of Meta's own examples (a reply carrying a list) omits
 * it too, so the type is taken from the content key the body carries, text when none.
 */
function withMessageType(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || 'type' in body) return body;
  return { ...body, type: messageTypes.find((type) => type in body) ?? 'text' };
}

export const sendMessageSchema = z.preprocess(
  withMessageType,
  messageUnion.superRefine((message, context) => {
    if (message.recipient_type === 'group') {
      if (message.to === undefined) context.addIssue({ code: 'custom', path: ['to'], message: 'required for a group' });
      return;
    }
    if (message.to === undefined && message.recipient === undefined) {
      context.addIssue({ code: 'custom', path: ['to'], message: 'required (or recipient, a business-scoped user id)' });
    }
    if (message.to !== undefined && !phoneNumber.test(message.to)) {
      context.addIssue({ code: 'custom', path: ['to'], message: 'must be a phone number or WhatsApp id' });
    }
    if (message.recipient !== undefined && !BSUID_PATTERN.test(message.recipient)) {
      context.addIssue({
        code: 'custom',
        path: ['recipient'],
        message: 'must be a business-scoped user id (country code, a dot, letters and digits)',
      });
    }
  }),
);
export type SendMessage = z.infer<typeof messageUnion>;
export type TextMessage = Extract<SendMessage, { type: 'text' }>;
export type TemplateMessage = Extract<SendMessage, { type: 'template' }>;
export type InteractiveMessage = Extract<SendMessage, { type: 'interactive' }>;
export type Template = z.infer<typeof templateSchema>;
export type TemplateComponent = z.infer<typeof templateComponentSchema>;
export type TemplateParameter = z.infer<typeof templateParameterSchema>;
export type BodyParameter = z.infer<typeof bodyParameterSchema>;
export type Media = z.infer<typeof mediaSchema>;

/** Marks an inbound message read; with `typing_indicator` the customer also sees "typing…". */
export const markReadSchema = z.looseObject({
  messaging_product: z.literal('whatsapp'),
  status: z.literal('read'),
  message_id: nonEmpty,
  typing_indicator: z.looseObject({ type: z.literal('text') }).optional(),
});
export type MarkRead = z.infer<typeof markReadSchema>;

export type ParsedMessagesRequest =
  | { ok: true; kind: 'message'; message: SendMessage }
  | { ok: true; kind: 'read'; message: MarkRead }
  | { ok: false; path: string; reason: string };

/**
 * Checks a body sent to `/messages`: a message, or (when it has `status`) a mark-as-read. A refusal
 * names the first bad field as a dotted path (`template.components.0.parameters.1.currency.code`).
 */
export function parseSendMessage(body: unknown): ParsedMessagesRequest {
  const isRead = typeof body === 'object' && body !== null && 'status' in body;
  const result = isRead ? markReadSchema.safeParse(body) : sendMessageSchema.safeParse(body);
  if (result.success) {
    return isRead
      ? { ok: true, kind: 'read', message: result.data as MarkRead }
      : { ok: true, kind: 'message', message: result.data as SendMessage };
  }
  const issue = result.error.issues[0];
  return { ok: false, path: issue?.path.join('.') || 'body', reason: issue?.message ?? 'invalid' };
}
