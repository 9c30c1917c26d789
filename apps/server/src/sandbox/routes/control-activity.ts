import { z } from 'zod';
import { type ControlRoutes, controlInput, notFound } from '../control-router.js';
import { groupInvitedIn, joinByInviteLink } from '../groups.js';
import { ControlError } from '../http.js';
import { type InboundContent, receiveInbound, sampleMedia } from '../inbound.js';
import { templateText } from '../message-text.js';
import type { Sandbox } from '../sandbox.js';
import { SettingsPatchSchema } from '../settings.js';
import type { LoggedMessage, SandboxNumber } from '../state.js';
import { hasUserId, userIdOf } from '../user-ids.js';
import { userPreferencesValue } from '../webhook-events.js';

const waId = z.string().regex(/^\d{5,20}$/, "must be the customer's digits");
const MEDIA_TYPES = ['image', 'audio', 'video', 'document', 'sticker'] as const;

const InboundSchema = z.looseObject({
  phone_number_id: z.string().min(1),
  from: waId,
  name: z.string().min(1).max(128).optional(),
  type: z.enum([
    'text',
    ...MEDIA_TYPES,
    'location',
    'contacts',
    'reaction',
    'button',
    'interactive',
    'order',
    'unsupported',
  ]),
  /** For text: the body as a string (or Meta's `{body}`); for media: the caption. */
  text: z.union([z.string().min(1).max(4096), z.looseObject({ body: z.string().min(1) })]).optional(),
  caption: z.string().max(1024).optional(),
  /** The message this one answers (context), e.g. for button taps. */
  context_message_id: z.string().min(1).optional(),
});
const PreferencesSchema = z.strictObject({
  phone_number_id: z.string().min(1),
  wa_id: waId,
  value: z.enum(['stop', 'resume']),
});
/** A customer opens a group's invite: by its link, or by the group id of an invite they received (a template's `group_id`). */
const JoinGroupSchema = z
  .strictObject({ wa_id: waId, invite_link: z.string().min(1).optional(), group_id: z.string().min(1).optional() })
  .refine((input) => (input.invite_link === undefined) !== (input.group_id === undefined), {
    message: 'give invite_link or group_id, not both',
    path: ['invite_link'],
  });
const SettleSchema = z.strictObject({
  timeout_ms: z.number().int().min(0).max(120_000).default(10_000),
  fast_forward: z.boolean().default(false),
});
const ClockSchema = z.strictObject({
  advance_ms: z
    .number()
    .int()
    .min(0)
    .max(365 * 86_400_000),
});
const MessagesQuerySchema = z.object({
  phone_number_id: z.string().optional(),
  to: z.string().optional(),
  direction: z.enum(['out', 'in', 'all']).default('out'),
  limit: z.coerce.number().int().min(1).max(100_000).default(100),
});

function numberOf(sandbox: Sandbox, id: string): SandboxNumber {
  const number = sandbox.store.numbers.get(id);
  if (!number) throw notFound('phone_number_id', id);
  return number;
}

/** The Meta-shaped content of a control inbound message; media gets a sample file to download. */
function inboundContent(sandbox: Sandbox, number: SandboxNumber, input: z.infer<typeof InboundSchema>): InboundContent {
  const { type } = input;
  const context = input.context_message_id ? { context: { from: number.phone, id: input.context_message_id } } : {};
  if (type === 'text') {
    if (!input.text) throw new ControlError('text: required for a text message');
    return { type, text: typeof input.text === 'string' ? { body: input.text } : input.text, ...context };
  }
  if ((MEDIA_TYPES as readonly string[]).includes(type)) {
    const media = sampleMedia(sandbox, number, type);
    return { type, [type]: input.caption ? { ...media, caption: input.caption } : media, ...context };
  }
  if (type === 'unsupported') {
    return {
      type,
      errors: [
        {
          code: 131051,
          title: 'Message type unknown',
          message: 'Message type unknown',
          error_data: { details: 'Message type is currently not supported.' },
        },
      ],
    };
  }
  const member = (input as Record<string, unknown>)[type];
  if (typeof member !== 'object' || member === null) throw new ControlError(`${type}: required for a ${type} message`);
  return { type, [type]: member, ...context };
}

/** A logged message as the control API shows it; a template with the text its recipient reads. */
function messageView(sandbox: Sandbox, message: LoggedMessage) {
  const body = typeof message.body === 'string' ? JSON.parse(message.body) : message.body;
  const text =
    message.type === 'template' && message.templateId && body?.template
      ? templateText(sandbox, message.templateId, body.template)
      : undefined;
  return {
    id: message.id,
    direction: message.direction,
    phone_number_id: message.phoneNumberId,
    [message.direction === 'out' ? 'to' : 'from']: message.waId,
    recipient_type: message.recipientType,
    type: message.type,
    status: message.status,
    ...(message.errorCode !== undefined ? { error_code: message.errorCode } : {}),
    ...(message.category ? { category: message.category } : {}),
    timestamp: new Date(message.timestamp).toISOString(),
    body,
    ...(text === undefined ? {} : { text }),
  };
}

/** Control calls that act or observe: inbound messages, preferences, joins, log, config, time. */
export const controlActivityRoutes: ControlRoutes = {
  'GET /messages': ({ sandbox, query }) => {
    const filter = MessagesQuerySchema.safeParse(Object.fromEntries(query));
    if (!filter.success) {
      const issue = filter.error.issues[0];
      throw new ControlError(`${issue?.path.join('.')}: ${issue?.message}`);
    }
    const { phone_number_id: numberId, to, direction, limit } = filter.data;
    const recipient = to?.replace(/\D/g, '') || to;
    const matching = sandbox.store.messages
      .list()
      .filter(
        (message) =>
          (direction === 'all' || message.direction === direction) &&
          (!numberId || message.phoneNumberId === numberId) &&
          (!recipient || message.waId === recipient),
      );
    return matching.slice(-limit).map((message) => messageView(sandbox, message));
  },
  'POST /inbound': (call) => {
    const input = controlInput(InboundSchema, call);
    const { sandbox } = call;
    const number = numberOf(sandbox, input.phone_number_id);
    const customer = sandbox.store.customer(input.from);
    if (input.name) customer.name = input.name;
    const message = receiveInbound(sandbox, number, customer, inboundContent(sandbox, number, input));
    return { message_id: message.id, message: message.body };
  },
  'POST /preferences': (call) => {
    const input = controlInput(PreferencesSchema, call);
    const { sandbox } = call;
    const number = numberOf(sandbox, input.phone_number_id);
    const customer = sandbox.store.customer(input.wa_id);
    const stopped = { ...customer.marketingStopped };
    if (input.value === 'stop') stopped[number.id] = true;
    else delete stopped[number.id];
    customer.marketingStopped = stopped;
    sandbox.store.changed();
    sandbox.emitChange(number.wabaId, {
      field: 'user_preferences',
      value: userPreferencesValue(
        number,
        customer,
        input.value,
        sandbox.now(),
        hasUserId(customer) ? userIdOf(sandbox.store, customer, number.wabaId) : undefined,
      ),
    });
    return { success: true };
  },
  'POST /join-group': (call) => {
    const input = controlInput(JoinGroupSchema, call);
    const { sandbox } = call;
    const group = input.group_id
      ? sandbox.store.groups.get(input.group_id)
      : groupInvitedIn(sandbox, input.invite_link as string);
    if (!group) {
      throw input.group_id
        ? new ControlError('group_id: not a sandbox group', 404)
        : new ControlError('invite_link: not the invite link of a sandbox group', 404);
    }
    // By group id the customer opens an invite they received: a delivered template naming the group.
    if (input.group_id && group.invited?.[input.wa_id] === undefined) {
      throw new ControlError('wa_id: this customer has received no invite to the group', 409);
    }
    return { result: joinByInviteLink(sandbox, group, sandbox.store.customer(input.wa_id)), group_id: group.id };
  },
  'GET /config': ({ sandbox }) => sandbox.settings,
  'POST /config': (call) => call.sandbox.configure(controlInput(SettingsPatchSchema, call)),
  'POST /clock': (call) => {
    call.sandbox.advanceClock(controlInput(ClockSchema, call).advance_ms);
    return { now: new Date(call.sandbox.now()).toISOString() };
  },
  'POST /reset': ({ sandbox }) => {
    sandbox.reset();
    return { success: true };
  },
  'POST /settle': async (call) => {
    const input = controlInput(SettleSchema, call);
    const settled = await call.sandbox.settle(input.timeout_ms, input.fast_forward);
    return {
      settled,
      pending_tasks: call.sandbox.scheduler.size,
      pending_webhooks: call.sandbox.outbox.pendingCount,
    };
  },
  'GET /webhooks': ({ sandbox }) => ({ ...sandbox.outbox.stats, pending: sandbox.outbox.pendingCount }),
};
