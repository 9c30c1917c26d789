/**
 * Delivery statuses of sent messages, applied set-based: a batch's statuses are merged per message
 * in memory and written with one UPDATE ... FROM unnest(...). A status only moves a message up
 * `wa_message_status_rank` (sent < failed < delivered < read; see migration 0003 for why failed
 * sits there), and each time column keeps its earliest value, so duplicates and out-of-order
 * deliveries change nothing. Every send carries its message's id as biz_opaque_callback_data: a
 * status whose Meta id names no message settles the message of that id when it is still queued
 * (its send in flight) or unknown (its answer lost), taking the Meta id. Any other status whose
 * message is not found yet waits in webhook_status_orphan and is applied when the send lane has
 * recorded the message's Meta id. What a failure's code means beyond its message (131048 pauses
 * the number; 132015 / 132016 mark the template and hold its campaign; 131049 defers a campaign
 * recipient) follows by triggers of migrations 0020 and 0021; 131050 opts the recipient out here.
 */
import type { RealtimeEvent } from '@ws/contract';
import type pg from 'pg';
import { type BilledStatus, meterMessageStatuses } from '../../modules/wallet/meter-message-costs.js';
import { isoTimeOf } from '../../platform/db/sql-time.js';
import type { Publication } from '../../platform/realtime/publish.js';
import type { MessageStatus } from '../meta/webhook-payload.js';
import type { KnownNumber } from './directory.js';
import { type ConsentAct, optOut } from './opt-out.js';
import {
  anyOrphanStatus,
  applyOrphanStatuses,
  applyStatuses,
  deleteExpiredOrphans,
  type MergedStatus,
  recentOrphanCount,
  type UpdatedMessage,
} from './status-repository.js';
import { fromUnix } from './work.js';

/** Meta's statuses as our message statuses; a voice message's "played" implies read. */
const STATUS_OF: Record<string, 'sent' | 'delivered' | 'read' | 'failed'> = {
  sent: 'sent',
  delivered: 'delivered',
  read: 'read',
  played: 'read',
  failed: 'failed',
};
const RANK = { sent: 1, failed: 2, delivered: 3, read: 4 } as const;
/**
 * Statuses that say a message is still on its way, with nothing to record: Meta holds a paced
 * marketing message while it judges the template's quality, then sends it (sent…) or fails it.
 */
const ON_ITS_WAY = new Set(['held_for_quality_assessment']);
/** Meta's error for marketing to a user who stopped marketing messages. */
const MARKETING_STOPPED = 131050;
/**
 * The message's key as the send lane puts it in biz_opaque_callback_data: its id, then its
 * created_at in microseconds since 1970 (a bare id: a send from before the key was added).
 * Sixteen digits: any of them is a time PostgreSQL can hold (2001 to 2286), so no callback data can
 * make the batch's statement fail.
 */
const MESSAGE_KEY = /^(\d{1,18})(?:\.(\d{16}))?$/;
/** How many merged statuses one UPDATE carries at most. */
const FLUSH_SIZE = 5000;

const earliest = (a: Date | null, b: Date | null): Date | null => (a && b ? (a < b ? a : b) : (a ?? b));

/** Statuses of one batch waiting to be written. */
export class StatusBuffer {
  private merged = new Map<string, MergedStatus>();
  private stopped: ConsentAct[] = [];
  /**
   * Statuses that settle a message's cost: delivered or read with Meta's pricing, failed (issue 20),
   * one per message and outcome: a message's delivered and read in one batch post one cost (the
   * ledger's key would skip the second, after the work of building it).
   */
  private billed = new Map<string, BilledStatus>();

  /** `events` receives the `messages.updated` of the messages a flush changed. */
  constructor(
    private readonly client: pg.PoolClient,
    private readonly events: Publication[],
  ) {}

  /** Takes a change's statuses; returns the status values it does not know (kept out, reported). */
  async add(number: KnownNumber, statuses: readonly MessageStatus[]): Promise<string[]> {
    const unknown: string[] = [];
    for (const status of statuses) {
      const kind = STATUS_OF[status.status];
      if (ON_ITS_WAY.has(status.status)) continue;
      if (!kind) {
        unknown.push(status.status);
        continue;
      }
      const at = fromUnix(status.timestamp);
      const error = status.errors?.[0];
      const errorCode = error === undefined || Number.isNaN(Number(error.code)) ? null : Number(error.code);
      const key = MESSAGE_KEY.exec(status.biz_opaque_callback_data ?? '');
      const callbackMessageId = key?.[1] ?? null;
      if (kind === 'failed' || ((kind === 'delivered' || kind === 'read') && status.pricing)) {
        const outcome = kind === 'failed' ? 'failed' : 'delivered';
        const billedKey = `${number.tenantId}\u0000${status.id}\u0000${outcome}`;
        if (!this.billed.has(billedKey))
          this.billed.set(billedKey, {
            tenantId: number.tenantId,
            numberId: number.id,
            metaMessageId: status.id,
            messageId: callbackMessageId,
            outcome,
            at,
            waId: status.recipient_type === 'group' ? null : (status.recipient_id ?? null),
            pricing: status.pricing,
          });
      }
      this.merge({
        tenantId: number.tenantId,
        metaMessageId: status.id,
        status: kind,
        statusAt: at,
        // A failure says nothing about when the message was sent.
        sentAt: kind === 'failed' ? null : at,
        deliveredAt: kind === 'delivered' || kind === 'read' ? at : null,
        readAt: kind === 'read' ? at : null,
        failedAt: kind === 'failed' ? at : null,
        errorCode: kind === 'failed' ? errorCode : null,
        errorTitle: kind === 'failed' ? (error?.title ?? error?.message ?? null) : null,
        callbackMessageId,
        callbackCreatedMicros: key?.[2] ?? null,
      });
      if (
        kind === 'failed' &&
        errorCode === MARKETING_STOPPED &&
        (status.recipient_id || status.recipient_user_id) &&
        status.recipient_type !== 'group'
      ) {
        this.stopped.push({
          tenantId: number.tenantId,
          numberId: number.id,
          waId: status.recipient_id ?? null,
          user: status.recipient_user_id ? { portfolioId: number.portfolioId, userId: status.recipient_user_id } : null,
          at,
        });
      }
    }
    if (this.merged.size >= FLUSH_SIZE) await this.flush();
    return unknown;
  }

  private merge(next: MergedStatus): void {
    const key = `${next.tenantId}\u0000${next.metaMessageId}`;
    const seen = this.merged.get(key);
    if (!seen) {
      this.merged.set(key, next);
      return;
    }
    const ahead =
      RANK[next.status] > RANK[seen.status] || (next.status === seen.status && next.statusAt < seen.statusAt);
    this.merged.set(key, {
      ...seen,
      status: ahead ? next.status : seen.status,
      statusAt: ahead ? next.statusAt : seen.statusAt,
      sentAt: earliest(seen.sentAt, next.sentAt),
      deliveredAt: earliest(seen.deliveredAt, next.deliveredAt),
      readAt: earliest(seen.readAt, next.readAt),
      failedAt: earliest(seen.failedAt, next.failedAt),
      errorCode: seen.errorCode ?? next.errorCode,
      errorTitle: seen.errorTitle ?? next.errorTitle,
      callbackMessageId: seen.callbackMessageId ?? next.callbackMessageId,
      callbackCreatedMicros: seen.callbackCreatedMicros ?? next.callbackCreatedMicros,
    });
  }

  /** Writes what has been gathered: statuses, orphans, 131050 opt-outs (costs: `meter`). */
  async flush(): Promise<void> {
    const merged = [...this.merged.values()];
    const stopped = this.stopped;
    this.merged = new Map();
    this.stopped = [];
    if (merged.length > 0) this.events.push(...updatedEvents(await applyStatuses(this.client, merged)));
    if (stopped.length > 0) await optOut(this.client, stopped, 'error_131050');
  }

  /**
   * Posts the gathered statuses' costs; answers the low-balance events to publish. The drain does
   * this last before its commit: a posting locks the tenant's wallet row, which every send lane of
   * a prepaid tenant needs for its holds, so the lock is held for as short a time as it can be.
   */
  async meter(): Promise<Publication[]> {
    const billed = [...this.billed.values()];
    this.billed = new Map();
    return billed.length > 0 ? meterMessageStatuses(this.client, billed) : [];
  }

  /** Forgets what has not been written (its savepoint was rolled back). */
  clear(): void {
    this.merged = new Map();
    this.stopped = [];
    this.billed = new Map();
  }
}

/** How many messages one `messages.updated` event carries at most (about 150 bytes each). */
const EVENT_MESSAGES = 500;

/**
 * The `messages.updated` events of messages whose status was applied: one per tenant and audience
 * (the agents of the contact and of the conversation, who follow its ticks; admins and operators
 * see them all), in chunks, so that a campaign's statuses are a few rows and frames, not one each.
 */
export function updatedEvents(rows: readonly UpdatedMessage[]): Publication[] {
  const groups = new Map<string, { tenantId: string; assignees: string[]; messages: MessageUpdate[] }>();
  for (const row of rows) {
    const assignees = [...new Set([row.owner_user_id, row.conversation_assignee])]
      .filter((id): id is string => id !== null)
      .sort();
    const key = `${row.tenant_id}\u0000${assignees.join(',')}`;
    let group = groups.get(key);
    if (!group) {
      group = { tenantId: row.tenant_id, assignees, messages: [] };
      groups.set(key, group);
    }
    group.messages.push({
      message_id: row.id,
      number_id: row.number_id,
      contact_id: row.contact_id,
      status: row.status,
      status_at: isoTimeOf(row.status_at),
    });
  }
  const events: Publication[] = [];
  for (const { tenantId, assignees, messages } of groups.values()) {
    for (let start = 0; start < messages.length; start += EVENT_MESSAGES) {
      events.push({
        tenantId,
        assignees,
        event: { type: 'messages.updated', data: { messages: messages.slice(start, start + EVENT_MESSAGES) } },
      });
    }
  }
  return events;
}
type MessageUpdate = Extract<RealtimeEvent, { type: 'messages.updated' }>['data']['messages'][number];

/**
 * Applies waiting statuses whose message has appeared, and drops those older than an hour (not
 * ours: a message sent outside the product). Returns how many still wait and are recent enough
 * to be worth another look soon.
 */
export async function retryOrphanStatuses(
  client: pg.PoolClient,
): Promise<{ applied: number; expired: number; waiting: number; events: Publication[] }> {
  if (!(await anyOrphanStatus(client))) return { applied: 0, expired: 0, waiting: 0, events: [] };
  const applied = await applyOrphanStatuses(client);
  const expired = await deleteExpiredOrphans(client);
  const waiting = await recentOrphanCount(client);
  return {
    applied: applied.length,
    expired,
    waiting,
    events: updatedEvents(applied),
  };
}
