import { parseSendMessage, type SendMessage } from '../whatsapp/meta/send-message.js';
import { isBlocked } from './blocklist.js';
import { rateLimitRefusal, replyLost, simulateGroup, simulateIndividual } from './customers.js';
import { type GraphError, graphErrors, type WebhookError, webhookErrors } from './graph-errors.js';
import { invitedGroups, participantCount } from './groups.js';
import { pairRateOpen, takePairRate, tierLimits, windowOpen } from './limits.js';
import { portfolioOf } from './numbers.js';
import type { Sandbox } from './sandbox.js';
import type { LoggedMessage, SandboxCustomer, SandboxGroup, SandboxNumber } from './state.js';
import { isOutboundMessageId } from './store.js';
import { checkTemplateSend } from './templates.js';
import { customerByUserId, hasUserId, userIdOf } from './user-ids.js';

/** Meta's reply to an accepted send. */
export interface SendReply {
  messaging_product: 'whatsapp';
  contacts: { input: string; wa_id?: string; user_id?: string }[];
  messages: { id: string; message_status?: 'accepted' }[];
}

function refuse(path: string, reason: string): GraphError {
  const details = `${path}: ${reason}`;
  return /received undefined|required/i.test(reason)
    ? graphErrors.missingParameter(details)
    : graphErrors.invalidParameter(details);
}

function checkCanSend(sandbox: Sandbox, number: SandboxNumber): void {
  if (number.status === 'RESTRICTED' || number.status === 'BANNED') throw graphErrors.restricted();
  if (!number.registered) throw graphErrors.notRegistered();
  if (!sandbox.throughput.take(number, sandbox.now())) throw graphErrors.throughput();
}

/**
 * `POST /{phone-number-id}/messages`: a mark-as-read, or a message checked against the
 * connector's request schema and then against Meta's limits, in the order Meta applies them.
 */
export function handleMessagesPost(
  sandbox: Sandbox,
  number: SandboxNumber,
  body: unknown,
  /** The body's JSON text, when it alone carries the message. */
  rawBody?: Buffer,
): SendReply | { success: true } {
  const parsed = parseSendMessage(body);
  if (!parsed.ok) throw refuse(parsed.path, parsed.reason);
  if (parsed.kind === 'read') {
    const id = parsed.message.message_id;
    const received = sandbox.store.messages.get(id);
    if (isOutboundMessageId(id) || (received && received.phoneNumberId !== number.id)) {
      throw graphErrors.invalidParameter(`message_id: ${id} is not a message this number received`);
    }
    return { success: true };
  }
  checkCanSend(sandbox, number);
  const send = parsed.message;
  // The log keeps the request as its JSON text: one string instead of a tree of objects.
  const logged = rawBody ? rawBody.toString('utf8') : send;
  return send.recipient_type === 'group'
    ? sendToGroup(sandbox, number, send, logged)
    : sendToCustomer(sandbox, number, send, logged);
}

function logOutbound(
  sandbox: Sandbox,
  number: SandboxNumber,
  send: SendMessage,
  logged: string | SendMessage,
  waId: string,
  category: string,
  recipient: { userId?: string; phoneHidden?: boolean } = {},
  templateId?: string,
): LoggedMessage {
  const message: LoggedMessage = {
    id: sandbox.store.messageId(waId, 'out'),
    direction: 'out',
    phoneNumberId: number.id,
    waId,
    ...(recipient.userId === undefined ? {} : { userId: recipient.userId }),
    ...(recipient.phoneHidden ? { phoneHidden: true } : {}),
    recipientType: send.recipient_type === 'group' ? 'group' : 'individual',
    type: send.type,
    status: 'accepted',
    category,
    timestamp: sandbox.now(),
    body: logged,
  };
  if (send.biz_opaque_callback_data !== undefined) message.callbackData = send.biz_opaque_callback_data;
  if (templateId !== undefined) message.templateId = templateId;
  sandbox.store.logMessage(message);
  return message;
}

function sendToCustomer(
  sandbox: Sandbox,
  number: SandboxNumber,
  send: SendMessage,
  logged: string | SendMessage,
): SendReply {
  const { customer, byUserId } = recipientOf(sandbox, number, send);
  const { waId } = customer;
  if (waId === number.phone) throw graphErrors.senderIsRecipient();
  if (isBlocked(number, waId)) throw graphErrors.blockedRecipient();
  const now = sandbox.now();
  const userId = hasUserId(customer) ? userIdOf(sandbox.store, customer, number.wabaId) : undefined;
  const refusal = rateLimitRefusal(sandbox, customer);
  if (refusal) throw refusal === 'app' ? graphErrors.appRateLimit() : graphErrors.wabaRateLimit();
  const { limits } = sandbox.settings;
  if (!pairRateOpen(customer, number.id, now, limits)) throw graphErrors.pairRate();
  let category = 'service';
  let templateId: string | undefined;
  let invites: SandboxGroup[] = [];
  const open = windowOpen(customer, number.id, now);
  if (send.type === 'template') {
    const template = checkTemplateSend(sandbox, number.wabaId, send.template);
    invites = invitedGroups(sandbox, number, send.template);
    category = template.category.toLowerCase();
    templateId = template.id;
  } else if (!open) {
    throw graphErrors.reengagement();
  }
  takePairRate(customer, number.id, now, limits);
  sandbox.store.changed();
  const failure = open ? undefined : messagingLimitFailure(sandbox, number, waId, now);
  const phoneHidden = byUserId && customer.hidesPhone === true;
  const message = logOutbound(sandbox, number, send, logged, waId, category, { userId, phoneHidden }, templateId);
  if (invites.length > 0) message.invites = invites.map((group) => group.id);
  simulateIndividual(sandbox, number, customer, message, logged, failure);
  if (replyLost(sandbox, customer)) throw graphErrors.lostReply();
  const contact = phoneHidden
    ? { input: send.recipient as string, user_id: userId }
    : {
        input: (send.to ?? send.recipient) as string,
        wa_id: waId,
        ...(userId === undefined ? {} : { user_id: userId }),
      };
  return {
    messaging_product: 'whatsapp',
    contacts: [contact],
    messages: send.type === 'template' ? [{ id: message.id, message_status: 'accepted' }] : [{ id: message.id }],
  };
}

/**
 * Meta's messaging limit: a message outside the service window to a user the portfolio has not
 * reached in the last 24 hours, when it already reached as many as its tier allows, is accepted
 * and then fails by webhook (131048, the text Meta's messaging limit page gives for it).
 */
function messagingLimitFailure(
  sandbox: Sandbox,
  number: SandboxNumber,
  waId: string,
  now: number,
): WebhookError | undefined {
  if (!sandbox.settings.limits.messagingLimit) return undefined;
  const limit = tierLimits[number.messagingLimitTier];
  return sandbox.reach.admit(portfolioOf(sandbox, number.wabaId), waId, limit, now)
    ? undefined
    : webhookErrors.spamLimit();
}

/**
 * Who a send is for: the customer of `to` (a phone number, which reaches anyone), else the
 * customer `recipient` names, a BSUID this WABA's portfolio gave out; any other BSUID is refused.
 */
function recipientOf(
  sandbox: Sandbox,
  number: SandboxNumber,
  send: SendMessage,
): { customer: SandboxCustomer; byUserId: boolean } {
  if (send.to !== undefined) return { customer: sandbox.store.customer(send.to.replace(/\D/g, '')), byUserId: false };
  const customer = customerByUserId(sandbox.store, send.recipient as string, number.wabaId);
  if (!customer) {
    throw graphErrors.invalidParameter(
      `recipient: ${send.recipient} is not a business-scoped user id of this business portfolio`,
    );
  }
  return { customer, byUserId: true };
}

function sendToGroup(
  sandbox: Sandbox,
  number: SandboxNumber,
  send: SendMessage,
  logged: string | SendMessage,
): SendReply {
  const group = sandbox.store.groups.get(send.to as string);
  if (!group || group.phoneNumberId !== number.id) throw graphErrors.groupUnknown();
  if (participantCount(group) === 0) throw graphErrors.badGroup();
  let category = 'service';
  if (send.type === 'template') {
    category = checkTemplateSend(sandbox, number.wabaId, send.template).category.toLowerCase();
    invitedGroups(sandbox, number, send.template);
  }
  const message = logOutbound(sandbox, number, send, logged, group.id, category);
  simulateGroup(sandbox, number, group, message);
  return { messaging_product: 'whatsapp', contacts: [{ input: send.to as string }], messages: [{ id: message.id }] };
}
