import { parseSendMessage, type SendMessage } from '../whatsapp/meta/send-message.js';
import { type WebhookError, webhookErrors } from './graph-errors.js';
import { groupInvitedBy, joinByInviteLink, recordInvites } from './groups.js';
import { type InboundContent, receiveInbound } from './inbound.js';
import { recordDelivery } from './numbers.js';
import { Prng } from './prng.js';
import type { Sandbox } from './sandbox.js';
import type { CustomerBehaviour } from './settings.js';
import type { LoggedMessage, SandboxCustomer, SandboxGroup, SandboxNumber } from './state.js';
import { userPreferencesValue } from './webhook-events.js';

const REPLIES = [
  'Thanks!',
  'Can you tell me more?',
  'How much does it cost?',
  'Is this still available?',
  'Yes, I am interested',
  'Please call me later',
  '👍',
];
const STOP_BUTTON = /stop|unsubscribe/i;

function behaviourOf(sandbox: Sandbox, customer: SandboxCustomer): CustomerBehaviour {
  for (const _key in customer.behaviour) return { ...sandbox.settings.behaviour, ...customer.behaviour };
  return sandbox.settings.behaviour;
}

// What a customer's dice decided for one message, as bits of one small integer: a pending step
// then holds no object for its dice. The pick (which reply, which button) sits above the bits.
const FAIL = 1;
const DELIVER = 2;
const BLOCK = 4;
const READ = 8;
const STOP = 16;
const TAP = 32;
const JOIN = 64;
const REPLY = 128;
const MARKETING_CAP = 256;
const SPAM_LIMIT = 512;
const HOLD = 1024;
const REACTIONS = STOP | TAP | JOIN | REPLY;
const PICK_SHIFT = 11;
const PICK_SCALE = 2 ** 19;

const dice = new Prng(0);

/**
 * The customer's dice for one message, always the same number of draws so that every later
 * outcome depends only on the seed, the wa_id and how many messages the customer got before.
 */
function roll(customer: SandboxCustomer, behaviour: CustomerBehaviour): number {
  dice.state = customer.rng;
  let outcome = 0;
  if (dice.next() < behaviour.fail) outcome |= FAIL;
  if (dice.next() < behaviour.deliver) outcome |= DELIVER;
  if (dice.next() < behaviour.block) outcome |= BLOCK;
  if (dice.next() < behaviour.read) outcome |= READ;
  if (dice.next() < behaviour.stop) outcome |= STOP;
  if (dice.next() < behaviour.tapButton) outcome |= TAP;
  if (dice.next() < behaviour.joinGroup) outcome |= JOIN;
  if (dice.next() < behaviour.reply) outcome |= REPLY;
  outcome |= Math.floor(dice.next() * PICK_SCALE) << PICK_SHIFT;
  // Meta's own refusals are drawn only when configured, so that without them every outcome
  // stays what it was.
  if (behaviour.marketingCap > 0 && dice.next() < behaviour.marketingCap) outcome |= MARKETING_CAP;
  if (behaviour.spamLimit > 0 && dice.next() < behaviour.spamLimit) outcome |= SPAM_LIMIT;
  if (behaviour.holdForQuality > 0 && dice.next() < behaviour.holdForQuality) outcome |= HOLD;
  customer.rng = dice.state;
  return outcome;
}

/**
 * Whether Meta refuses this send at once for a rate limit of the app (4) or of the business
 * account (80007), drawn from the customer's stream only when configured.
 */
export function rateLimitRefusal(sandbox: Sandbox, customer: SandboxCustomer): 'app' | 'waba' | null {
  const behaviour = behaviourOf(sandbox, customer);
  if (behaviour.appRateLimit === 0 && behaviour.wabaRateLimit === 0) return null;
  dice.state = customer.rng;
  const app = behaviour.appRateLimit > 0 && dice.next() < behaviour.appRateLimit;
  const waba = !app && behaviour.wabaRateLimit > 0 && dice.next() < behaviour.wabaRateLimit;
  customer.rng = dice.state;
  return app ? 'app' : waba ? 'waba' : null;
}

/** Whether the answer to a send that was taken is lost (a 500), drawn only when configured. */
export function replyLost(sandbox: Sandbox, customer: SandboxCustomer): boolean {
  const { lostReply } = behaviourOf(sandbox, customer);
  if (lostReply === 0) return false;
  dice.state = customer.rng;
  const lost = dice.next() < lostReply;
  customer.rng = dice.state;
  return lost;
}

/** The draw in [0, 1) that picks which reply, button or opt-out channel. */
const pickOf = (outcome: number): number => (outcome >>> PICK_SHIFT) / PICK_SCALE;

/** A button the customer could tap on this message: a template quick reply or an interactive choice. */
interface Tappable {
  content: InboundContent;
  stops: boolean;
}

function tappables(sandbox: Sandbox, number: SandboxNumber, send: SendMessage): Tappable[] {
  if (send.type === 'interactive') {
    const { interactive } = send;
    if (interactive.type === 'button') {
      return interactive.action.buttons.map((button) => ({
        content: { type: 'interactive', interactive: { type: 'button_reply', button_reply: button.reply } },
        stops: false,
      }));
    }
    if (interactive.type === 'list') {
      return interactive.action.sections.flatMap((section) =>
        section.rows.map((row) => ({
          content: { type: 'interactive', interactive: { type: 'list_reply', list_reply: row } },
          stops: false,
        })),
      );
    }
    return [];
  }
  if (send.type !== 'template') return [];
  const template = sandbox.store.findTemplate(number.wabaId, send.template.name, send.template.language.code);
  const buttons = template?.components.find((component) => component.type.toUpperCase() === 'BUTTONS')?.buttons ?? [];
  return buttons.flatMap((button, index) => {
    if (button.type.toUpperCase() !== 'QUICK_REPLY' || !button.text) return [];
    const sent = send.template.components?.find(
      (part) => part.type === 'button' && Number((part as { index: number | string }).index) === index,
    ) as { parameters?: { type: string; payload?: string }[] } | undefined;
    const payload = sent?.parameters?.find((parameter) => parameter.type === 'payload')?.payload ?? button.text;
    return [
      { content: { type: 'button', button: { payload, text: button.text } }, stops: STOP_BUTTON.test(button.text) },
    ];
  });
}

/** Opting out: with a stop button when the message has one, a STOP text, or the client's setting. */
function stopMarketing(
  sandbox: Sandbox,
  number: SandboxNumber,
  customer: SandboxCustomer,
  message: LoggedMessage,
  stopButton: Tappable | undefined,
  pick: number,
): void {
  const channels = stopButton ? 3 : 2;
  const channel = Math.floor(pick * channels);
  if (stopButton && channel === 2) {
    receiveInbound(sandbox, number, customer, {
      ...stopButton.content,
      context: { from: number.phone, id: message.id },
    });
  } else if (channel === 0) {
    receiveInbound(sandbox, number, customer, { type: 'text', text: { body: 'STOP' } });
  } else {
    customer.marketingStopped = { ...customer.marketingStopped, [number.id]: true };
    sandbox.store.changed();
    sandbox.emitChange(number.wabaId, {
      field: 'user_preferences',
      value: userPreferencesValue(number, customer, 'stop', sandbox.now(), message.userId),
    });
  }
}

/** What a customer who read the message does next: at most one of stop, tap, join or reply. */
function react(
  sandbox: Sandbox,
  number: SandboxNumber,
  customer: SandboxCustomer,
  message: LoggedMessage,
  content: SentContent,
  outcome: number,
): void {
  const pick = pickOf(outcome);
  const buttons = outcome & (STOP | TAP) ? tappables(sandbox, number, sentMessage(content)) : [];
  if (outcome & STOP) {
    stopMarketing(
      sandbox,
      number,
      customer,
      message,
      buttons.find((button) => button.stops),
      pick,
    );
    return;
  }
  const choices = buttons.filter((button) => !button.stops);
  if (choices.length > 0 && outcome & TAP) {
    const choice = choices[Math.floor(pick * choices.length)] as Tappable;
    const button = choice.content.type === 'button' ? choice.content.button : undefined;
    if (message.templateId && button) sandbox.templateStats.click(message.templateId, button.text, sandbox.now());
    receiveInbound(sandbox, number, customer, { ...choice.content, context: { from: number.phone, id: message.id } });
    return;
  }
  const group: SandboxGroup | undefined =
    outcome & JOIN && sandbox.store.groups.size > 0
      ? groupInvitedBy(sandbox, sentMessage(content), sentText(content))
      : undefined;
  if (group) {
    joinByInviteLink(sandbox, group, customer);
    return;
  }
  if (outcome & REPLY) {
    const body = REPLIES[Math.floor(pick * REPLIES.length)] as string;
    receiveInbound(sandbox, number, customer, { type: 'text', text: { body } });
  }
}

/**
 * A sent message as a pending reaction keeps it: the request's JSON text when there is one (one
 * string, not a tree of objects), read back only if the customer taps or stops.
 */
type SentContent = string | SendMessage;

function sentMessage(content: SentContent): SendMessage {
  if (typeof content !== 'string') return content;
  const parsed = parseSendMessage(JSON.parse(content));
  if (!parsed.ok || parsed.kind !== 'message') throw new Error('sandbox: a sent message no longer parses');
  return parsed.message;
}

const sentText = (content: SentContent): string => (typeof content === 'string' ? content : JSON.stringify(content));

/** One message on its way to a customer: all its later steps need, in one object. */
class Plan {
  constructor(
    readonly sandbox: Sandbox,
    readonly number: SandboxNumber,
    readonly customer: SandboxCustomer,
    readonly message: LoggedMessage,
    readonly outcome: number,
    /** The message content, kept only when the customer will react to it (most reads lead nowhere). */
    readonly content: SentContent | undefined,
    /** A failure decided at acceptance (the portfolio's messaging limit). */
    readonly failure: WebhookError | undefined,
  ) {}
}

/** Why Meta fails the message by webhook, if it does: in the order Meta's checks would meet them. */
function failureOf(plan: Plan): WebhookError | undefined {
  const { number, customer, message, outcome } = plan;
  if (plan.failure) return plan.failure;
  if (customer.blocked?.[number.id] || outcome & FAIL) return webhookErrors.undeliverable();
  const marketing = message.category === 'marketing';
  if (marketing && customer.marketingStopped?.[number.id]) return webhookErrors.marketingStopped();
  if (outcome & SPAM_LIMIT) return webhookErrors.spamLimit();
  if (marketing && outcome & MARKETING_CAP) return webhookErrors.marketingCap();
  return undefined;
}

/**
 * Meta holds some marketing templates for a quality assessment: `held_for_quality_assessment`,
 * then sent as usual, unless the template was paused meanwhile (failed, 132015).
 */
function heldStep(plan: Plan): void {
  plan.sandbox.emitStatus(plan.number, plan.message, 'held_for_quality_assessment');
  plan.sandbox.scheduler.schedule(plan.sandbox.settings.delays.qualityHoldMs, releaseStep, plan);
}

function releaseStep(plan: Plan): void {
  const template = plan.message.templateId ? plan.sandbox.store.templates.get(plan.message.templateId) : undefined;
  if (template && template.status !== 'APPROVED') {
    plan.sandbox.emitStatus(plan.number, plan.message, 'failed', {
      error: webhookErrors.templatePaused(template.name),
    });
    return;
  }
  sentStep(plan);
}

function sentStep(plan: Plan): void {
  const { sandbox, number, message, outcome } = plan;
  const failure = failureOf(plan);
  if (failure) {
    sandbox.emitStatus(number, message, 'failed', { error: failure });
    return;
  }
  sandbox.emitStatus(number, message, 'sent');
  if (outcome & DELIVER) sandbox.scheduler.schedule(sandbox.settings.delays.deliveredMs, deliveredStep, plan);
}

function deliveredStep(plan: Plan): void {
  const { sandbox, number, customer, message, outcome } = plan;
  sandbox.emitStatus(number, message, 'delivered');
  if (message.invites) recordInvites(sandbox, message.invites, customer.waId);
  const blocks = (outcome & BLOCK) !== 0;
  recordDelivery(sandbox, number, blocks);
  if (blocks) {
    customer.blocked = { ...customer.blocked, [number.id]: true };
    sandbox.store.changed();
    return;
  }
  if (outcome & READ) sandbox.scheduler.schedule(sandbox.settings.delays.readMs, readStep, plan);
}

function readStep(plan: Plan): void {
  plan.sandbox.emitStatus(plan.number, plan.message, 'read');
  if (plan.content !== undefined)
    plan.sandbox.scheduler.schedule(plan.sandbox.settings.delays.replyMs, reactStep, plan);
}

function reactStep(plan: Plan): void {
  if (plan.content !== undefined)
    react(plan.sandbox, plan.number, plan.customer, plan.message, plan.content, plan.outcome);
}

/**
 * After a message to a customer is accepted: the statuses and the customer's reaction, each
 * at its configured delay after the one before. The dice are rolled now, with the behaviour of
 * now, so the outcome depends only on the seed, the wa_id and the customer's earlier messages.
 */
export function simulateIndividual(
  sandbox: Sandbox,
  number: SandboxNumber,
  customer: SandboxCustomer,
  message: LoggedMessage,
  content: SentContent,
  failure?: WebhookError,
): void {
  const outcome = roll(customer, behaviourOf(sandbox, customer));
  const kept = outcome & REACTIONS ? content : undefined;
  const plan = new Plan(sandbox, number, customer, message, outcome, kept, failure);
  const held = outcome & HOLD && !failure && message.category === 'marketing' && message.templateId !== undefined;
  sandbox.scheduler.schedule(sandbox.settings.delays.sentMs, held ? heldStep : sentStep, plan);
}

/** A message to a group: sent to the group, then delivered and read per participant. */
export function simulateGroup(
  sandbox: Sandbox,
  number: SandboxNumber,
  group: SandboxGroup,
  message: LoggedMessage,
): void {
  const { delays } = sandbox.settings;
  const participants = Object.keys(group.participants).map((waId) => sandbox.store.customer(waId));
  const plans = participants.map((customer) => ({ customer, outcome: roll(customer, behaviourOf(sandbox, customer)) }));
  sandbox.scheduler.schedule(delays.sentMs, () => {
    sandbox.emitStatus(number, message, 'sent');
    for (const { customer, outcome } of plans) {
      if (!(outcome & DELIVER)) continue;
      sandbox.scheduler.schedule(delays.deliveredMs, () => {
        sandbox.emitStatus(number, message, 'delivered', { participant: customer.waId });
        if (!(outcome & READ)) return;
        sandbox.scheduler.schedule(delays.readMs, () =>
          sandbox.emitStatus(number, message, 'read', { participant: customer.waId }),
        );
      });
    }
  });
}
