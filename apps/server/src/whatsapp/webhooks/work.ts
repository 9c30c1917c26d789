import type pg from 'pg';
import type { Logger } from 'pino';
import type { AutoReplyBatch } from '../../modules/autoreply/auto-reply-batch.js';
import type { InboxBatch } from '../../modules/inbox/assignment/inbox-batch.js';
import type { Publication } from '../../platform/realtime/publish.js';
import type { Directory } from './directory.js';
import type { InboundBuffer } from './inbound-buffer.js';
import type { StatusBuffer } from './statuses.js';

/** What every change handler works with: one transaction, the batch's lookups, its pending statuses and messages. */
export interface Work {
  client: pg.PoolClient;
  logger: Logger;
  directory: Directory;
  statuses: StatusBuffer;
  /** The batch's inbound messages, stored set-based before its statuses are written (inbound-buffer.ts). */
  inbound: InboundBuffer;
  /** Realtime events of what the batch stored, published with it (drain.ts). */
  events: Publication[];
  /** The conversations the batch's inbound messages touched: assigned and addressed before publishing. */
  inbox: InboxBatch;
  /** The customers' messages the batch stored: answered by keyword rules and greetings (decision 0024). */
  autoReplies: AutoReplyBatch;
}

/**
 * What one change came to. `incomplete` lists what could not be applied (the event becomes
 * partial); `notes` what was applied with a remark worth keeping (unknown message type kept as is).
 */
export type ChangeResult = { tenantId: string; incomplete?: string[]; notes?: string[] } | { unknownNumber: string };

/** Unix seconds as a Date. */
export const fromUnix = (seconds: number): Date => new Date(seconds * 1000);

/** PostgreSQL text cannot hold NUL; a user's message is kept without them rather than refused. */
export const withoutNul = (text: string): string => (text.includes('\0') ? text.replaceAll('\0', '') : text);

/** A JSON text PostgreSQL's jsonb accepts: strings lose their NUL characters (jsonb refuses \u0000). */
export const toStorableJson = (value: unknown): string =>
  JSON.stringify(value, (_key, item) => (typeof item === 'string' ? withoutNul(item) : item));
