import { type CloudApiClient, createCloudApiClient } from '../cloud-api/client.js';
import { MetaApiError } from '../cloud-api/errors.js';
import { mayHaveBeenSent, retryDecision } from '../cloud-api/retry-policy.js';
import type { SendMessage } from '../meta/send-message.js';
import type { SendingNumber } from '../numbers/number-repository.js';
import type { ErrorVerdict, LaneTransport, OutboundMessage } from './lane-transport.js';

/** Failures that concern the number rather than the message: the lane pauses the number. */
const NUMBER_PAUSES: Record<string, string> = {
  auth: 'token_or_registration_refused',
  policy: 'restricted_by_meta',
};
/**
 * Meta's 131048 (spam rate limit, also used past the portfolio's messaging limit): the number may
 * not send more now. The same reason as migration 0021 gives it when the code comes by webhook.
 */
const SPAM_RATE_LIMIT = 131048;
const SPAM_RATE_PAUSE = 'spam_rate_limit';

/** The lanes' way to Meta (or the sandbox): one Cloud API client per number, kept while its settings hold. */
export function cloudApiTransport(): LaneTransport {
  const clients = new Map<string, { signature: string; client: CloudApiClient }>();
  const clientFor = (number: SendingNumber) => {
    const signature = [number.apiBaseUrl, number.apiVersion, number.accessToken, number.egressProxy ?? ''].join('\n');
    const cached = clients.get(number.id);
    if (cached?.signature === signature) return cached.client;
    const client = createCloudApiClient({
      baseUrl: number.apiBaseUrl,
      version: number.apiVersion,
      accessToken: number.accessToken,
      proxyUrl: number.egressProxy,
    });
    clients.set(number.id, { signature, client });
    return client;
  };

  return {
    async send(number: SendingNumber, message: OutboundMessage): Promise<string> {
      const body = {
        ...message.content,
        messaging_product: 'whatsapp',
        recipient_type: message.toGroup ? 'group' : 'individual',
        // Meta's rule: a phone number goes in `to`; a user known only by BSUID in `recipient`.
        ...(message.to !== null ? { to: message.to } : { recipient: message.recipient }),
        type: message.type,
        biz_opaque_callback_data: message.callbackData,
      } as SendMessage;
      const sent = await clientFor(number).sendMessage(number.phoneNumberId, body);
      return sent.messageId;
    },

    verdict: sendVerdict,
  };
}

/** What a failed send means for the lane; `attempt` counts the attempts including this one. */
export function sendVerdict(error: unknown, attempt: number): ErrorVerdict {
  // Sending again could deliver twice: the message is unknown until a status webhook settles it.
  const mayHaveGone = mayHaveBeenSent(error);
  if (mayHaveGone) return { kind: 'unknown', title: mayHaveGone };
  // The policy counts retries already made.
  const decision = retryDecision(error, Math.max(0, attempt - 1));
  const code = error instanceof MetaApiError ? error.code : null;
  if (decision.retry) {
    return {
      kind: 'retry',
      delayMs: decision.delayMs,
      code,
      pairRate: decision.kind === 'pair-rate',
      throughput: decision.kind === 'rate',
    };
  }
  return {
    kind: 'failed',
    code,
    title: decision.reason,
    optedOut: decision.kind === 'opted-out',
    pauseNumber: code === SPAM_RATE_LIMIT ? SPAM_RATE_PAUSE : (NUMBER_PAUSES[decision.kind] ?? null),
  };
}
