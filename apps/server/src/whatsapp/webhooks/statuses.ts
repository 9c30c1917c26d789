/**
 * Delivery statuses of sent messages, applied set-based: a batch's statuses are merged per message
 * in memory and written with one UPDATE ... FROM unnest(...). A status only moves a message up
 * `wa_message_status_rank` (sent < failed < delivered < read; see migration 0003 for why failed
 * sits there), and each time column keeps its earliest value, so duplicates and out-of-order
 * deliveries change nothing. A status whose message is not found yet waits in
 * webhook_status_orphan and is applied when the send lane has recorded the message's Meta id.
 */
import type pg from 'pg';
import { prepared } from '../../platform/db/pool.js';
import { isoTimeOf } from '../../platform/db/sql-time.js';
import type { Publication } from '../../platform/realtime/publish.js';
import type { MessageStatus } from '../meta/webhook-payload.js';
import type { KnownNumber } from './directory.js';
import { type ConsentAct, optOut } from './opt-out.js';
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
/** Meta's error for marketing to a user who stopped marketing messages. */
const MARKETING_STOPPED = 131050;
/** How many merged statuses one UPDATE carries at most. */
const FLUSH_SIZE = 5000;

/** Everything a batch says about one message, merged. */
interface MergedStatus {
  tenantId: string;
  metaMessageId: string;
  status: keyof typeof RANK;
  statusAt: Date;
  sentAt: Date | null;
  deliveredAt: Date | null;
  readAt: Date | null;
  failedAt: Date | null;
  errorCode: number | null;
  errorTitle: string | null;
}

const earliest = (a: Date | null, b: Date | null): Date | null => (a && b ? (a < b ? a : b) : (a ?? b));

/** Statuses of one batch waiting to be written. */
export class StatusBuffer {
  private merged = new Map<string, MergedStatus>();
  private stopped: ConsentAct[] = [];

  /** `events` receives a `message.updated` for each message a flush changed. */
  constructor(
    private readonly client: pg.PoolClient,
    private readonly events: Publication[],
  ) {}

  /** Takes a change's statuses; returns the status values it does not know (kept out, reported). */
  async add(number: KnownNumber, statuses: readonly MessageStatus[]): Promise<string[]> {
    const unknown: string[] = [];
    for (const status of statuses) {
      const kind = STATUS_OF[status.status];
      if (!kind) {
        unknown.push(status.status);
        continue;
      }
      const at = fromUnix(status.timestamp);
      const error = status.errors?.[0];
      const errorCode = error === undefined || Number.isNaN(Number(error.code)) ? null : Number(error.code);
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
    });
  }

  /** Writes what has been gathered: statuses, orphans, 131050 opt-outs. */
  async flush(): Promise<void> {
    const merged = [...this.merged.values()];
    const stopped = this.stopped;
    this.merged = new Map();
    this.stopped = [];
    if (merged.length > 0) this.events.push(...(await applyStatuses(this.client, merged)));
    if (stopped.length > 0) await optOut(this.client, stopped, 'error_131050');
  }

  /** Forgets what has not been written (its savepoint was rolled back). */
  clear(): void {
    this.merged = new Map();
    this.stopped = [];
  }
}

/**
 * The forward-only assignment of `target` from `source` (both with the orphan table's columns): a
 * higher rank moves the status, each time keeps its earliest value, the newest error is kept.
 */
const moveForward = (target: string, source: string) => `
  status = case when wa_message_status_rank(${source}.status) > wa_message_status_rank(${target}.status)
                then ${source}.status else ${target}.status end,
  status_at = case when wa_message_status_rank(${source}.status) > wa_message_status_rank(${target}.status)
                   then ${source}.status_at else ${target}.status_at end,
  sent_at = least(${target}.sent_at, ${source}.sent_at),
  delivered_at = least(${target}.delivered_at, ${source}.delivered_at),
  read_at = least(${target}.read_at, ${source}.read_at),
  failed_at = least(${target}.failed_at, ${source}.failed_at),
  error_code = coalesce(${source}.error_code, ${target}.error_code),
  error_title = coalesce(${source}.error_title, ${target}.error_title)`;

/** Outbound messages a status may name: Meta reports within days, so recent partitions suffice. */
const MATCHES_MESSAGE = `m.tenant_id = s.tenant_id and m.meta_message_id = s.meta_message_id and m.direction = 'out'
  and m.created_at > now() - interval '60 days'`;

/** A message whose status was applied, with its contact's assigned agent. */
interface UpdatedMessage {
  tenant_id: string;
  id: string;
  number_id: string;
  contact_id: string | null;
  status: MessageStatusName;
  status_at: Date;
  owner_user_id: string | null;
}
type MessageStatusName = 'sent' | 'delivered' | 'read' | 'failed';

const UPDATED_COLUMNS = `m.tenant_id, m.id::text, m.number_id::text, m.contact_id::text, m.status, m.status_at`;
const WITH_OWNER = `select a.*, c.owner_user_id::text from applied a
  left join contact c on c.tenant_id = a.tenant_id and c.id = a.contact_id::bigint`;

const APPLY_STATUSES = `
  with s as (
    select * from unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::timestamptz[], $6::timestamptz[],
                         $7::timestamptz[], $8::timestamptz[], $9::int[], $10::text[])
      as s (tenant_id, meta_message_id, status, status_at, sent_at, delivered_at, read_at, failed_at, error_code, error_title)
  ),
  applied as (
    update message m set ${moveForward('m', 's')} from s where ${MATCHES_MESSAGE}
    returning m.meta_message_id, ${UPDATED_COLUMNS}
  ),
  orphans as (
    insert into webhook_status_orphan as o
      (tenant_id, meta_message_id, status, status_at, sent_at, delivered_at, read_at, failed_at, error_code, error_title)
    select s.* from s
     where not exists (select 1 from applied a where a.tenant_id = s.tenant_id and a.meta_message_id = s.meta_message_id)
    on conflict (tenant_id, meta_message_id) do update set ${moveForward('o', 'excluded')}
  )
  ${WITH_OWNER}`;

/** The `message.updated` events of messages whose status was applied. */
const updatedEvents = (rows: readonly UpdatedMessage[]): Publication[] =>
  rows.map((row) => ({
    tenantId: row.tenant_id,
    assignees: [row.owner_user_id],
    event: {
      type: 'message.updated',
      data: {
        message_id: row.id,
        number_id: row.number_id,
        contact_id: row.contact_id,
        status: row.status,
        status_at: isoTimeOf(row.status_at),
      },
    },
  }));

async function applyStatuses(client: pg.PoolClient, merged: readonly MergedStatus[]): Promise<Publication[]> {
  const column = <T>(read: (status: MergedStatus) => T) => merged.map(read);
  const { rows } = await client.query<UpdatedMessage>(
    prepared(APPLY_STATUSES, [
      column((s) => s.tenantId),
      column((s) => s.metaMessageId),
      column((s) => s.status),
      column((s) => s.statusAt),
      column((s) => s.sentAt),
      column((s) => s.deliveredAt),
      column((s) => s.readAt),
      column((s) => s.failedAt),
      column((s) => s.errorCode),
      column((s) => s.errorTitle),
    ]),
  );
  return updatedEvents(rows);
}

/**
 * Applies waiting statuses whose message has appeared, and drops those older than an hour (not
 * ours: a message sent outside the product). Returns how many still wait and are recent enough
 * to be worth another look soon.
 */
export async function retryOrphanStatuses(
  client: pg.PoolClient,
): Promise<{ applied: number; expired: number; waiting: number; events: Publication[] }> {
  const applied = await client.query<UpdatedMessage>(
    `with s as (select * from webhook_status_orphan),
          applied as (update message m set ${moveForward('m', 's')} from s where ${MATCHES_MESSAGE}
                   returning m.meta_message_id, ${UPDATED_COLUMNS}),
          done as (delete from webhook_status_orphan o using applied
                    where o.tenant_id = applied.tenant_id and o.meta_message_id = applied.meta_message_id)
     ${WITH_OWNER}`,
  );
  const expired = await client.query(
    `delete from webhook_status_orphan where first_seen_at < now() - interval '1 hour'`,
  );
  const { rows } = await client.query<{ waiting: number }>(
    `select count(*)::int as waiting from webhook_status_orphan where first_seen_at > now() - interval '1 minute'`,
  );
  return {
    applied: applied.rowCount ?? 0,
    expired: expired.rowCount ?? 0,
    waiting: rows[0]?.waiting ?? 0,
    events: updatedEvents(applied.rows),
  };
}
