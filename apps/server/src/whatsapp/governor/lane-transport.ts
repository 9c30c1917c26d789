import type { SendingNumber } from '../numbers/number-repository.js';

/**
 * How the lane reads a failed send. The Cloud API has no idempotency key, so only a failure that
 * proves nothing was sent may be tried again; one after which the message may have gone is
 * `unknown`, never sent again, and left to the status webhooks to settle.
 */
export type ErrorVerdict =
  | { kind: 'retry'; delayMs: number; code: number | null; pairRate: boolean; throughput: boolean }
  | {
      kind: 'unknown';
      /** Why it may have gone, for error_title. */
      title: string;
    }
  | {
      kind: 'failed';
      code: number | null;
      title: string;
      /** Meta's 131050: the person stopped marketing messages. */
      optedOut: boolean;
      /** Set when the failure concerns the number itself (bad token, policy block, spam rate): pause it. */
      pauseNumber: string | null;
    };

export interface OutboundMessage {
  /** A phone number (wa_id) or a group id; null when the message goes to a BSUID. */
  to: string | null;
  /** The BSUID of a contact without a phone number, sent as Meta's `recipient`. */
  recipient: string | null;
  toGroup: boolean;
  type: string;
  content: Record<string, unknown>;
  /**
   * The message's key (QueuedSend.callbackData), sent as `biz_opaque_callback_data`: Meta echoes
   * it in the statuses, so a status finds its message by the key, even one whose answer was lost.
   */
  callbackData: string;
}

/** The one thing a lane needs of the Cloud API connector. */
export interface LaneTransport {
  /** Sends one message; resolves with Meta's message id. */
  send(number: SendingNumber, message: OutboundMessage): Promise<string>;
  verdict(error: unknown, attempt: number): ErrorVerdict;
}
