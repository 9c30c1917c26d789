/**
 * Message statuses as webhooks write them (the rules are in statuses.ts): set-based and forward
 * only; a status whose Meta id is unknown settles the message its callback data names when that
 * one is queued or unknown; any other status whose message is not found yet waits in
 * webhook_status_orphan.
 */
import type pg from 'pg';
import { type KeyLookupOptions, withKeyLookups } from '../../platform/db/key-lookups.js';
import { type Db, prepared } from '../../platform/db/pool.js';
import { ANY_PRIORITY } from '../governor/queue-messages.js';

/** Everything a batch says about one message, merged. */
export interface MergedStatus {
  tenantId: string;
  metaMessageId: string;
  status: MessageStatusName;
  statusAt: Date;
  sentAt: Date | null;
  deliveredAt: Date | null;
  readAt: Date | null;
  failedAt: Date | null;
  errorCode: number | null;
  errorTitle: string | null;
  /** The message id of biz_opaque_callback_data (every send of the lane carries its own key). */
  callbackMessageId: string | null;
  /** The message's created_at of the same key, in microseconds since 1970 (absent in older sends). */
  callbackCreatedMicros: string | null;
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
export interface UpdatedMessage {
  tenant_id: string;
  id: string;
  number_id: string;
  contact_id: string | null;
  status: MessageStatusName;
  status_at: Date;
  owner_user_id: string | null;
  /** The agent the message's conversation is assigned to (the inbox), who follows its ticks too. */
  conversation_assignee: string | null;
}
export type MessageStatusName = 'sent' | 'delivered' | 'read' | 'failed';

const UPDATED_COLUMNS = `m.tenant_id, m.id::text, m.number_id::text, m.contact_id::text, m.status, m.status_at`;
const WITH_OWNER = `select a.*, c.owner_user_id::text, v.assignee_user_id::text as conversation_assignee from applied a
  left join contact c on c.tenant_id = a.tenant_id and c.id = a.contact_id::bigint
  left join conversation v on v.tenant_id = a.tenant_id and v.number_id = a.number_id::bigint
                          and v.contact_id = a.contact_id::bigint`;

const STATUS_COLUMNS =
  'tenant_id, meta_message_id, status, status_at, sent_at, delivered_at, read_at, failed_at, error_code, error_title';

const STATUS_INPUT = `
  s as (
    select * from unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::timestamptz[], $6::timestamptz[],
                         $7::timestamptz[], $8::timestamptz[], $9::int[], $10::text[], $11::bigint[], $12::bigint[])
      as s (${STATUS_COLUMNS}, callback_message_id, callback_created_micros)
  )`;

/**
 * The statuses whose callback data carries their message's key (every send since it does): each
 * message is updated through one probe of a unique index (its key, or its Meta id with its
 * created_at) in the one month its created_at names (the others pruned when it runs), provided it carries the status's Meta id. A status whose message does not yet (its
 * send's outcome not recorded) goes on to SETTLE_OR_KEEP below.
 */
export const APPLY_BY_KEY = `
  -- Statuses applied by their message's key.
  with ${STATUS_INPUT},
  keyed as (
    select s.*, timestamptz 'epoch' + s.callback_created_micros * interval '1 microsecond' as message_created_at
      from s where s.callback_created_micros is not null
  ),
  applied as (
    update message m set ${moveForward('m', 's')}
      from keyed s
     where m.tenant_id = s.tenant_id and m.created_at = s.message_created_at and m.id = s.callback_message_id
       and m.meta_message_id = s.meta_message_id
    returning m.meta_message_id, ${UPDATED_COLUMNS}
  )
  ${WITH_OWNER}`;

/**
 * The statuses whose message carries their Meta id: nearly all of them. Each message is found by
 * its Meta id's index, then updated by its key, whose columns are never null (withKeyLookups
 * leaves no plan but index probes): the planner, its statistics older than a fast-filled month,
 * took the Meta ids for mostly null and the tenant's outbound messages for a few dozen, and scanned
 * the month once per batch to compare every status with every message (170 000 000 comparisons,
 * 30 s). No `limit 1` in the look-up: a limit lets the planner prefer an index that returns rows
 * soonest, such as the tenant's messages by time, walking them until one has the Meta id.
 */
export const APPLY_BY_META_ID = `
  -- Statuses applied by their Meta id.
  with ${STATUS_INPUT},
  -- Materialised: inlined, its look-up joined the update's scan, which then probed by tenant alone.
  found as materialized (
    select s.*, m.created_at as message_created_at, m.id as message_id from s join message m on ${MATCHES_MESSAGE}
  ),
  applied as (
    update message m set ${moveForward('m', 's')}
      from found s
     where m.tenant_id = s.tenant_id and m.created_at = s.message_created_at and m.id = s.message_id
    returning m.meta_message_id, ${UPDATED_COLUMNS}
  )
  ${WITH_OWNER}`;

/**
 * The rest: a status names by its callback data a message without a Meta id (queued or unknown,
 * found by message_unsettled_idx), which it settles; a settled message still queued has its send
 * in flight, or was deferred although it went: its queue row goes, so that it is never sent
 * again. Any other waits as an orphan until its message appears.
 */
const SETTLE_OR_KEEP = `
  -- Statuses settling a message by callback data, or kept as orphans.
  with ${STATUS_INPUT},
  settled as (
    update message m set meta_message_id = s.meta_message_id, ${moveForward('m', 's')}
      from s
     where s.callback_message_id is not null and m.tenant_id = s.tenant_id and m.id = s.callback_message_id
       and m.status in ('queued', 'unknown') and m.meta_message_id is null and m.direction = 'out'
       and m.created_at > now() - interval '60 days'
    returning m.meta_message_id, ${UPDATED_COLUMNS}
  ),
  unqueued as (
    delete from send_queue q using settled d
     where q.tenant_id = d.tenant_id and q.number_id = d.number_id::bigint and q.priority in ${ANY_PRIORITY}
       and q.message_id = d.id::bigint
  ),
  orphans as (
    insert into webhook_status_orphan as o (${STATUS_COLUMNS})
    select ${STATUS_COLUMNS} from s
     where not exists (select 1 from settled d where d.tenant_id = s.tenant_id and d.meta_message_id = s.meta_message_id)
    on conflict (tenant_id, meta_message_id) do update set ${moveForward('o', 'excluded')}
  )
  ${WITH_OWNER.replace('from applied a', 'from settled a')}`;

/** The statement's parameters for these statuses. */
export const statusParameters = (statuses: readonly MergedStatus[]) => {
  const column = <T>(read: (status: MergedStatus) => T) => statuses.map(read);
  return [
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
    column((s) => s.callbackMessageId),
    column((s) => s.callbackCreatedMicros),
  ];
};

/**
 * How the look-ups are planned: for each batch. The generic plan of a prepared statement takes a
 * batch for ten rows, and with statistics that predate the tenant's rows it probed an index of the
 * tenant's messages by the tenant alone (the key's through (tenant, number, created_at), the Meta
 * id's through (tenant, contact, created_at)); status-apply-plan.test.ts.
 */
export const STATUS_LOOKUPS: KeyLookupOptions = { planPerRun: true };

/**
 * Applies merged statuses to their messages, in the caller's transaction; those whose message is
 * not found wait as orphans. Nearly every status names its message's key in its callback data and
 * is applied by it, one probe of one month's unique index (a third of the buffers of finding it by
 * its Meta id in each recent month first); statuses of older sends go by their Meta id. Both are
 * index look-ups planned for each batch (withKeyLookups): with the month's statistics behind its
 * rows, a hash join read the whole partition for every batch (74 000 rows, 71 ms, for a batch of
 * 5 000 at 100 000 contacts). The few statuses left (settled by callback data, or orphans) go in
 * a last statement with the planner's own joins, whose anti-join with the settled rows would be a
 * nested loop without them.
 */
export async function applyStatuses(client: pg.PoolClient, merged: readonly MergedStatus[]): Promise<UpdatedMessage[]> {
  const updated: UpdatedMessage[] = [];
  let rest = merged;
  // By the message's key, then by the Meta id (sends from before the key), then settled or kept.
  for (const statement of [APPLY_BY_KEY, APPLY_BY_META_ID]) {
    const candidates = statement === APPLY_BY_KEY ? rest.filter((status) => status.callbackCreatedMicros) : rest;
    if (candidates.length === 0) continue;
    const { rows } = await withKeyLookups(
      client,
      () =>
        client.query<UpdatedMessage & { meta_message_id: string }>(prepared(statement, statusParameters(candidates))),
      STATUS_LOOKUPS,
    );
    const found = new Set(rows.map((row) => `${row.tenant_id}\u0000${row.meta_message_id}`));
    updated.push(...rows);
    rest = rest.filter((status) => !found.has(`${status.tenantId}\u0000${status.metaMessageId}`));
    if (rest.length === 0) return updated;
  }
  const { rows: settled } = await client.query<UpdatedMessage>(prepared(SETTLE_OR_KEEP, statusParameters(rest)));
  return [...updated, ...settled];
}

/** Applies the waiting statuses whose message has appeared, and forgets them. */
export async function applyOrphanStatuses(db: Db): Promise<UpdatedMessage[]> {
  const applied = await db.query<UpdatedMessage>(
    `with s as (select * from webhook_status_orphan),
          applied as (update message m set ${moveForward('m', 's')} from s where ${MATCHES_MESSAGE}
                   returning m.meta_message_id, ${UPDATED_COLUMNS}),
          done as (delete from webhook_status_orphan o using applied
                    where o.tenant_id = applied.tenant_id and o.meta_message_id = applied.meta_message_id)
     ${WITH_OWNER}`,
  );
  return applied.rows;
}

/** Whether any status waits for its message (nearly always none: the retry after each drain run is then one look). */
export async function anyOrphanStatus(db: Db): Promise<boolean> {
  const { rows } = await db.query<{ any: boolean }>(
    prepared('select exists (select 1 from webhook_status_orphan) as any', []),
  );
  return rows[0]?.any ?? false;
}

/** Drops waiting statuses older than an hour; how many. */
export async function deleteExpiredOrphans(db: Db): Promise<number> {
  const expired = await db.query(`delete from webhook_status_orphan where first_seen_at < now() - interval '1 hour'`);
  return expired.rowCount ?? 0;
}

/** How many statuses have been waiting for less than a minute. */
export async function recentOrphanCount(db: Db): Promise<number> {
  const { rows } = await db.query<{ waiting: number }>(
    `select count(*)::int as waiting from webhook_status_orphan where first_seen_at > now() - interval '1 minute'`,
  );
  return rows[0]?.waiting ?? 0;
}
