import { z } from 'zod';
import { defineJob } from '../../platform/queue/jobs.js';
import { describeFailure, numberClient } from '../../whatsapp/numbers/number-client.js';

/**
 * Tells the customer their messages were read (the blue ticks) when an agent opens the
 * conversation: Meta's mark-as-read of the newest inbound message, which covers the ones before
 * it; with `typing` the customer also sees "typing…" (`inbox/typing`: only when a reply is
 * coming). Queued in the call's transaction, one per conversation at a time (job key: a newer one
 * replaces a waiting one); a receipt is not a message, so it does not go through the send
 * governor's queue.
 */
export const inboxReadReceiptJob = defineJob({
  name: 'inbox_read_receipt',
  payload: z.object({
    tenantId: z.string(),
    numberId: z.string(),
    metaMessageId: z.string(),
    /** Show "typing…" too (the agent is writing a reply). */
    typing: z.boolean().default(false),
  }),
  maxAttempts: 3,
  async handle(payload, _helpers, context) {
    const connection = await numberClient(context, payload.tenantId, payload.numberId);
    // The number was deleted meanwhile: nobody is left to send the receipt.
    if (!connection) return;
    try {
      await connection.client.markAsRead(connection.number.phoneNumberId, payload.metaMessageId, {
        typingIndicator: payload.typing,
      });
    } catch (error) {
      context.logger.warn({ numberId: payload.numberId, problem: describeFailure(error) }, 'read receipt not sent');
      throw error;
    }
  },
});
