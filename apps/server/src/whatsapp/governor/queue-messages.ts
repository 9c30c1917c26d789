import type pg from 'pg';
import { insertQueuedMessages, markLanesDue } from './queue-repository.js';
import type { Purpose } from './rules.js';

/** Interactive sends (an agent's reply) go before bulk ones (campaigns) in a number's lane. */
export const PRIORITY = { interactive: 0, bulk: 1 } as const;
export type Priority = (typeof PRIORITY)[keyof typeof PRIORITY];

/**
 * A queue row found by its message states every priority (`q.priority in (0, 1)`), so the
 * order index (tenant, number, priority, message) finds it in two probes. Without it, a planner
 * whose statistics predate a queue filled this fast took that index for the key and read the
 * number's whole queue for each message (auto_explain: about 25 buffers a message where the key
 * takes 3). 0053 holds priority to these values.
 */
export const ANY_PRIORITY = `(${Object.values(PRIORITY).join(', ')})`;

/** One outbound message a caller wants sent; the governor decides whether and when. */
export interface MessageIntent {
  numberId: string;
  /** The contact, or a group (groupRef) for group messages. */
  contactId?: string;
  groupRef?: string;
  /** Meta's message type and the part of the request body for it, e.g. {text: {body}} or {template: {...}}; may carry context. */
  type: string;
  content: Record<string, unknown>;
  /** Free-form messages declare a purpose (default service); a template's is its category. */
  purpose?: Purpose;
  templateId?: string;
  preview?: string;
  campaignId?: string;
  taskId?: string;
  sentBy?: string;
  priority?: Priority;
  notBefore?: Date;
}

export interface QueuedMessage {
  id: string;
  /** PostgreSQL's text of the row's created_at (microseconds kept; it is part of the key). */
  createdAt: string;
}

/**
 * Records the intents as queued messages and puts them on their numbers' lanes, in the caller's
 * transaction; the lanes are woken when it commits. Every number, contact, group and template
 * must belong to the tenant, else nothing is queued. With `lanes: 'later'` the caller marks the
 * lanes itself (`markIntentLanes`) as the last statement of a long transaction, so the lanes'
 * rows are not held locked while it does the rest of its work.
 */
export async function queueMessages(
  client: pg.PoolClient,
  tenantId: string,
  intents: readonly MessageIntent[],
  options: { lanes?: 'now' | 'later' } = {},
): Promise<QueuedMessage[]> {
  if (intents.length === 0) return [];
  const rows = await insertQueuedMessages(client, tenantId, intents, PRIORITY.bulk);
  if (rows.some((row) => row.created_at === null)) {
    throw new Error('queueMessages: an intent names a number, contact, group or template of another tenant');
  }
  if (options.lanes !== 'later') await markIntentLanes(client, tenantId, intents);
  return rows.map((row) => ({ id: row.id, createdAt: row.created_at as string }));
}

/** Puts the numbers of intents queued with `lanes: 'later'` on their lanes; wakes them at commit. */
export async function markIntentLanes(
  client: pg.PoolClient,
  tenantId: string,
  intents: readonly MessageIntent[],
): Promise<void> {
  await markLanesDue(
    client,
    tenantId,
    intents.map((intent) => ({ numberId: intent.numberId, dueAt: intent.notBefore ?? null })),
  );
}
