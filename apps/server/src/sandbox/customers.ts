import type { SendMessage } from '../whatsapp/meta/send-message.js';
import { webhookErrors } from './graph-errors.js';
import { groupInvitedIn, joinByInviteLink } from './groups.js';
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

export function behaviourOf(sandbox: Sandbox, customer: SandboxCustomer): CustomerBehaviour {
  for (const _key in customer.behaviour) return { ...sandbox.settings.behaviour, ...customer.behaviour };
  return sandbox.settings.behaviour;
}

/**
 * The customer's dice for one message, always the same number of draws so that every later
 * outcome depends only on the seed, the wa_id and how many messages the customer got before.
 */
function roll(customer: SandboxCustomer) {
  const rng = new Prng(customer.rng);
  const draws = {
    fail: rng.next(),
    deliver: rng.next(),
    block: rng.next(),
    read: rng.next(),
    stop: rng.next(),
    tap: rng.next(),
    join: rng.next(),
    reply: rng.next(),
    pick: rng.next(),
  };
  customer.rng = rng.state;
  return draws;
}
type Draws = ReturnType<typeof roll>;

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
      value: userPreferencesValue(number, customer, 'stop', sandbox.now()),
    });
  }
}

/** Whether any reaction's dice came up: most reads lead to nothing, and need no further step. */
function mayReact(behaviour: CustomerBehaviour, draws: Draws): boolean {
  return (
    draws.stop < behaviour.stop ||
    draws.tap < behaviour.tapButton ||
    draws.join < behaviour.joinGroup ||
    draws.reply < behaviour.reply
  );
}

/** What a customer who read the message does next: at most one of stop, tap, join or reply. */
function react(
  sandbox: Sandbox,
  number: SandboxNumber,
  customer: SandboxCustomer,
  message: LoggedMessage,
  send: SendMessage,
  draws: Draws,
): void {
  const behaviour = behaviourOf(sandbox, customer);
  const buttons = tappables(sandbox, number, send);
  if (draws.stop < behaviour.stop) {
    stopMarketing(
      sandbox,
      number,
      customer,
      message,
      buttons.find((button) => button.stops),
      draws.pick,
    );
    return;
  }
  const choices = buttons.filter((button) => !button.stops);
  if (choices.length > 0 && draws.tap < behaviour.tapButton) {
    const choice = choices[Math.floor(draws.pick * choices.length)] as Tappable;
    receiveInbound(sandbox, number, customer, { ...choice.content, context: { from: number.phone, id: message.id } });
    return;
  }
  const group: SandboxGroup | undefined =
    sandbox.store.groups.size > 0 ? groupInvitedIn(sandbox, JSON.stringify(send)) : undefined;
  if (group && draws.join < behaviour.joinGroup) {
    joinByInviteLink(sandbox, group, customer);
    return;
  }
  if (draws.reply < behaviour.reply) {
    const body = REPLIES[Math.floor(draws.pick * REPLIES.length)] as string;
    receiveInbound(sandbox, number, customer, { type: 'text', text: { body } });
  }
}

/** One message on its way to a customer: all its later steps need, in one object. */
interface Plan {
  sandbox: Sandbox;
  number: SandboxNumber;
  customer: SandboxCustomer;
  message: LoggedMessage;
  behaviour: CustomerBehaviour;
  draws: Draws;
  /** The message content, kept only when the customer will react to it (most reads lead nowhere). */
  send: SendMessage | undefined;
}

function sentStep(plan: Plan): void {
  const { sandbox, number, customer, message, behaviour, draws } = plan;
  if (customer.blocked?.[number.id] || draws.fail < behaviour.fail) {
    sandbox.emitStatus(number, message, 'failed', { error: webhookErrors.undeliverable() });
    return;
  }
  if (message.category === 'marketing' && customer.marketingStopped?.[number.id]) {
    sandbox.emitStatus(number, message, 'failed', { error: webhookErrors.marketingStopped() });
    return;
  }
  sandbox.emitStatus(number, message, 'sent');
  if (draws.deliver < behaviour.deliver)
    sandbox.scheduler.schedule(sandbox.settings.delays.deliveredMs, deliveredStep, plan);
}

function deliveredStep(plan: Plan): void {
  const { sandbox, number, customer, message, behaviour, draws } = plan;
  sandbox.emitStatus(number, message, 'delivered');
  const blocks = draws.block < behaviour.block;
  recordDelivery(sandbox, number, blocks);
  if (blocks) {
    customer.blocked = { ...customer.blocked, [number.id]: true };
    sandbox.store.changed();
    return;
  }
  if (draws.read < behaviour.read) sandbox.scheduler.schedule(sandbox.settings.delays.readMs, readStep, plan);
}

function readStep(plan: Plan): void {
  plan.sandbox.emitStatus(plan.number, plan.message, 'read');
  if (plan.send) plan.sandbox.scheduler.schedule(plan.sandbox.settings.delays.replyMs, reactStep, plan);
}

function reactStep(plan: Plan): void {
  if (plan.send) react(plan.sandbox, plan.number, plan.customer, plan.message, plan.send, plan.draws);
}

/**
 * After a message to a customer is accepted: the statuses and the customer's reaction, each
 * at its configured delay after the one before. The dice are rolled now, so the outcome depends
 * only on the seed, the wa_id and the customer's earlier messages.
 */
export function simulateIndividual(
  sandbox: Sandbox,
  number: SandboxNumber,
  customer: SandboxCustomer,
  message: LoggedMessage,
  send: SendMessage,
): void {
  const behaviour = behaviourOf(sandbox, customer);
  const draws = roll(customer);
  const plan: Plan = {
    sandbox,
    number,
    customer,
    message,
    behaviour,
    draws,
    send: mayReact(behaviour, draws) ? send : undefined,
  };
  sandbox.scheduler.schedule(sandbox.settings.delays.sentMs, sentStep, plan);
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
  const plans = participants.map((customer) => ({
    customer,
    behaviour: behaviourOf(sandbox, customer),
    draws: roll(customer),
  }));
  sandbox.scheduler.schedule(delays.sentMs, () => {
    sandbox.emitStatus(number, message, 'sent');
    for (const { customer, behaviour, draws } of plans) {
      if (draws.deliver >= behaviour.deliver) continue;
      sandbox.scheduler.schedule(delays.deliveredMs, () => {
        sandbox.emitStatus(number, message, 'delivered', { participant: customer.waId });
        if (draws.read >= behaviour.read) return;
        sandbox.scheduler.schedule(delays.readMs, () =>
          sandbox.emitStatus(number, message, 'read', { participant: customer.waId }),
        );
      });
    }
  });
}
