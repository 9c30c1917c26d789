import type { SendingNumber } from '../numbers/number-repository.js';

/** How the lane reads a failed send: try again later, or give up (and what else it means). */
export type ErrorVerdict =
  | { retry: true; delayMs: number; code: number | null; pairRate: boolean; throughput: boolean }
  | {
      retry: false;
      code: number | null;
      title: string;
      /** Meta's 131050: the person stopped marketing messages. */
      optedOut: boolean;
      /** Set when the failure concerns the number itself (bad token, policy block): pause it. */
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
}

/** The one thing a lane needs of the Cloud API connector. */
export interface LaneTransport {
  /** Sends one message; resolves with Meta's message id. */
  send(number: SendingNumber, message: OutboundMessage): Promise<string>;
  verdict(error: unknown, attempt: number): ErrorVerdict;
}
