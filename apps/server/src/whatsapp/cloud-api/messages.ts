/**
 * The send path: `POST /{phone-number-id}/messages` for every message type (group recipients too) and
 * the mark-as-read receipt with its typing indicator. The reply is checked by hand, not by a schema:
 * this runs for every message the product sends.
 */
import type { MarkRead, SendMessage } from '../meta/send-message.js';
import { MetaReplyError } from './errors.js';
import { successReply } from './replies.js';
import { type GraphTransport, segment } from './transport.js';

export interface SentMessage {
  /** Meta's message id (`wamid.…`): statuses arrive by webhook under this id. */
  messageId: string;
  /** The WhatsApp id Meta resolved the recipient to; absent for group recipients. */
  waId: string | undefined;
  /** `accepted`, or `held_for_quality_assessment` for a paced marketing message. */
  messageStatus: string | undefined;
}

type Reply = { messages?: { id?: unknown; message_status?: unknown }[]; contacts?: { wa_id?: unknown }[] };

function sentMessageFrom(reply: unknown, endpoint: string): SentMessage {
  const { messages, contacts } = reply as Reply;
  const message = Array.isArray(messages) ? messages[0] : undefined;
  if (typeof message?.id !== 'string') {
    throw new MetaReplyError(endpoint, 200, 'unexpected-shape', 'messages.0.id: missing');
  }
  const waId = Array.isArray(contacts) ? contacts[0]?.wa_id : undefined;
  const status = message.message_status;
  return {
    messageId: message.id,
    waId: typeof waId === 'string' ? waId : undefined,
    messageStatus: typeof status === 'string' ? status : undefined,
  };
}

export function messagesApi(graph: GraphTransport) {
  return {
    /** Sends one message; the body is Meta's, as `meta/send-message.ts` describes it. */
    async sendMessage(phoneNumberId: string, message: SendMessage): Promise<SentMessage> {
      const path = `${segment(phoneNumberId)}/messages`;
      return sentMessageFrom(await graph.call({ method: 'POST', path, json: message }), `POST ${path}`);
    },

    /** Marks an inbound message (and the ones before it) read; optionally shows "typing…" for up to 25 s. */
    async markAsRead(
      phoneNumberId: string,
      messageId: string,
      options: { typingIndicator?: boolean } = {},
    ): Promise<void> {
      const path = `${segment(phoneNumberId)}/messages`;
      const json: MarkRead = { messaging_product: 'whatsapp', status: 'read', message_id: messageId };
      if (options.typingIndicator) json.typing_indicator = { type: 'text' };
      await graph.expect(successReply, { method: 'POST', path, json });
    },
  };
}
