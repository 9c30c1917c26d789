import type pg from 'pg';
import { withKeyLookups } from '../../platform/db/key-lookups.js';
import { prepared } from '../../platform/db/pool.js';
import { ANY_PRIORITY } from './queue-messages.js';
import type { IntentFacts, Purpose } from './rules.js';

/** A queued message as the lane sees it: what to send, and the facts the rules need. */
export interface QueuedSend {
  id: string;
  /** Kept as PostgreSQL's text: a Date would drop the microseconds that find the row. */
  createdAt: string;
  /**
   * Sent as `biz_opaque_callback_data`, which Meta echoes in the message's statuses: the message's
   * key, `<id>.<created_at in microseconds since 1970>`, by which a status finds its row in one
   * probe of one month's unique index (webhooks/statuses.ts reads it).
   */
  callbackData: string;
  attempts: number;
  /** Set when an earlier owner was sending it and stopped before recording the outcome. */
  interrupted: boolean;
  type: string;
  content: Record<string, unknown>;
  contactId: string | null;
  /** The recipient: a contact's wa_id or a group's Meta id. */
  to: string | null;
  /**
   * For a contact without a phone number: its BSUID, when it belongs to the sending number's
   * portfolio (a BSUID is valid only there). Meta takes it in `recipient` instead of `to`.
   */
  recipientUserId: string | null;
  facts: IntentFacts;
}

const DUE_SENDS = `
  select q.message_id::text as id, q.message_created_at::text as created_at,
         q.message_id::text || '.' || (extract(epoch from q.message_created_at) * 1000000)::bigint::text as callback_data,
         q.attempts, q.claimed_at is not null as interrupted,
         m.type, m.body, m.purpose, m.contact_id::text as contact_id, m.group_ref is not null as to_group,
         coalesce(c.wa_id, g.group_id) as recipient,
         case when c.wa_id is null and c.user_portfolio_id = (
                select w.portfolio_id from wa_number n join wa_business_account w on w.tenant_id = n.tenant_id and w.id = n.waba_ref
                 where n.tenant_id = $1 and n.id = $2)
              then c.user_id end as recipient_user_id,
         c.id is not null as has_contact,
         (extract(epoch from c.opted_in_at) * 1000)::float8 as opted_in_at,
         coalesce(c.opt_in_evidence, '') <> '' as has_evidence,
         (extract(epoch from c.opted_out_at) * 1000)::float8 as opted_out_at, c.opt_out_channel,
         (extract(epoch from v.last_inbound_at) * 1000)::float8 as last_inbound_at,
         v.blocked_at is not null as blocked,
         t.status as template_status, t.category as template_category
    from send_queue q
    join message m on m.tenant_id = q.tenant_id and m.created_at = q.message_created_at and m.id = q.message_id
    left join contact c on c.tenant_id = m.tenant_id and c.id = m.contact_id and c.deleted_at is null
    left join conversation v on v.tenant_id = m.tenant_id and v.number_id = m.number_id and v.contact_id = m.contact_id
    left join wa_template t on t.tenant_id = m.tenant_id and t.id = m.template_id
    left join wa_group g on g.tenant_id = m.tenant_id and g.id = m.group_ref and g.status = 'active'
   where q.tenant_id = $1 and q.number_id = $2 and q.not_before <= now()
   order by q.priority, q.message_id
   limit $3`;

/** The next due messages of one lane, in priority order, with their facts, in one round trip. */
export async function fetchDueSends(
  db: pg.Pool,
  tenantId: string,
  numberId: string,
  limit: number,
): Promise<QueuedSend[]> {
  const { rows } = await db.query(prepared(DUE_SENDS, [tenantId, numberId, limit]));
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.created_at,
    callbackData: row.callback_data,
    attempts: row.attempts,
    interrupted: row.interrupted,
    type: row.type,
    content: row.body,
    contactId: row.contact_id,
    to: row.recipient,
    recipientUserId: row.recipient_user_id,
    facts: {
      isTemplate: row.type === 'template',
      declaredPurpose: row.purpose as Purpose | null,
      toGroup: row.to_group,
      template: row.template_status ? { status: row.template_status, category: row.template_category } : null,
      contact: row.has_contact
        ? {
            optedInAt: row.opted_in_at,
            hasOptInEvidence: row.has_evidence,
            optedOutAt: row.opted_out_at,
            optOutChannel: row.opt_out_channel,
            lastInboundAt: row.last_inbound_at,
            blocked: row.blocked === true,
          }
        : null,
    },
  }));
}

/**
 * Marks messages as being sent, just before the requests go out (see send_queue.claimed_at), and
 * answers those it marked: a row paused since the batch was fetched (its campaign's not_before
 * set to infinity) or withdrawn (cancelled) is not claimed, so it does not go. Nor is a row of a
 * campaign that is paused or cancelled: a pause takes effect when its status commits, not when its
 * queued rows are held after it (decision 0013), which waits on the lanes' own claims. (A campaign
 * the product holds holds its rows in the same transaction; the lane's own hold of a partly funded
 * campaign still sends the messages it funded.)
 */
export async function claimSends(db: pg.Pool, tenantId: string, numberId: string, ids: string[]): Promise<Set<string>> {
  const { rows } = await db.query<{ id: string }>(
    prepared(
      `update send_queue set claimed_at = now(), attempts = attempts + 1
        where tenant_id = $1 and number_id = $2 and priority in ${ANY_PRIORITY} and message_id = any($3::bigint[])
          and claimed_at is null and not_before <= now()
          and (campaign_id is null or not exists (
                select 1 from campaign c
                 where c.id = send_queue.campaign_id and c.status in ('paused', 'cancelled')))
        returning message_id::text as id`,
      [tenantId, numberId, ids],
    ),
  );
  return new Set(rows.map((row) => row.id));
}

/** What became of one queued message. */
export type SendOutcome =
  | { kind: 'sent'; id: string; createdAt: string; metaMessageId: string }
  | { kind: 'refused'; id: string; createdAt: string; reason: string }
  | { kind: 'failed'; id: string; createdAt: string; errorCode: number | null; reason: string }
  /** The request may have reached Meta without an answer saying so: never sent again. */
  | { kind: 'unknown'; id: string; createdAt: string; reason: string }
  | { kind: 'deferred'; id: string; createdAt: string; until: Date };

export const RECORD_OUTCOMES = `
  -- The tenant and number are columns of the outcomes, joined like the rest of the key: constants
  -- would be estimated from the statistics alone, which may predate their rows.
  with outcome as (
    select $1::text as tenant_id, $2::bigint as number_id, o.*
      from unnest($3::bigint[], $4::timestamptz[], $5::text[], $6::text[], $7::int[], $8::text[], $9::timestamptz[])
        as o (id, created_at, kind, meta_id, error_code, reason, until)
  ),
  finished as (
    update message m
       set status = case o.kind when 'sent' then 'accepted' else o.kind end,
           meta_message_id = coalesce(o.meta_id, m.meta_message_id),
           error_code = o.error_code, error_title = o.reason,
           failed_at = case when o.kind = 'failed' then now() end,
           status_at = now()
      from outcome o
     -- The number too: without it the planner, its statistics older than the month's rows, chose
     -- the (tenant, number, created_at, id) index with the number skipped, reading every entry of
     -- the tenant for each row (about 790 buffers a message at 88 000 messages, auto_explain). With
     -- it, that index names the message exactly (0054). The settled_first look-up below goes by the
     -- primary key and needs no such help.
     where o.kind <> 'deferred' and m.tenant_id = o.tenant_id and m.number_id = o.number_id
       and m.created_at = o.created_at and m.id = o.id
       -- A message cancelled while its request was in flight went (or may have) all the same.
       and (m.status = 'queued' or (m.status = 'cancelled' and o.kind in ('sent', 'unknown')))
    returning m.id, m.created_at, m.contact_id, o.kind
  ),
  -- Watched until a status webhook settles it or the evidence says Meta never took it (0033).
  watched as (
    insert into unknown_send (tenant_id, message_id, message_created_at, number_id)
    select $1, id, created_at, $2::bigint from finished where kind = 'unknown'
    on conflict (tenant_id, message_id) do nothing
  ),
  -- Sent, but a status webhook settled the message by its callback data before this record. Only
  -- the outcomes that finished nothing are looked up: nearly always none.
  settled_first as (
    select m.contact_id, o.kind
      from outcome o join message m on m.tenant_id = o.tenant_id and m.created_at = o.created_at and m.id = o.id
     where o.kind = 'sent' and o.id not in (select f.id from finished f)
       and m.status not in ('queued', 'cancelled') and m.meta_message_id = o.meta_id
  ),
  went as (
    select contact_id from finished where kind = 'sent' union all select contact_id from settled_first
  ),
  talked as (
    insert into conversation (tenant_id, number_id, contact_id, last_outbound_at, last_message_at)
    select distinct $1, $2::bigint, contact_id, now(), now() from went where contact_id is not null
    on conflict (tenant_id, number_id, contact_id) do update
       set last_outbound_at = excluded.last_outbound_at, last_message_at = excluded.last_message_at
  ),
  -- The queue's rows by the lane's number and the ids themselves, not by a join with the outcomes:
  -- the queue's statistics say little (a few rows when analysed, thousands when read, its pages
  -- full of dead rows), and joined, the planner once took the queue for one row and walked all of
  -- its primary key for each flush (18 000 buffers for 75 outcomes, auto_explain).
  removed as (
    delete from send_queue q
     where q.tenant_id = $1 and q.number_id = $2::bigint and q.message_id = any($10::bigint[])
  ),
  postponed as (
    update send_queue q set not_before = o.until, claimed_at = null
      from outcome o
     where o.kind = 'deferred' and q.tenant_id = $1 and q.number_id = $2::bigint
       and q.message_id = any($11::bigint[]) and q.message_id = o.id
  ),
  counted as (
    insert into number_daily_count as c (tenant_id, number_id, day, sent)
    select $1, $2::bigint, (now() at time zone 'UTC')::date, count(*) from went having count(*) > 0
    on conflict (tenant_id, number_id, day) do update set sent = c.sent + excluded.sent
  )
  select count(*)::int as finished from finished`;

/** RECORD_OUTCOMES' parameters for a lane's outcomes. */
export function outcomeParameters(tenantId: string, numberId: string, outcomes: readonly SendOutcome[]): unknown[] {
  const pick = <T>(read: (outcome: SendOutcome) => T) => outcomes.map(read);
  return [
    tenantId,
    numberId,
    pick((o) => o.id),
    pick((o) => o.createdAt),
    pick((o) => o.kind),
    pick((o) => (o.kind === 'sent' ? o.metaMessageId : null)),
    pick((o) => (o.kind === 'failed' ? o.errorCode : null)),
    pick((o) => (o.kind === 'refused' || o.kind === 'failed' || o.kind === 'unknown' ? o.reason : null)),
    pick((o) => (o.kind === 'deferred' ? o.until : null)),
    outcomes.filter((o) => o.kind !== 'deferred').map((o) => o.id),
    outcomes.filter((o) => o.kind === 'deferred').map((o) => o.id),
  ];
}

/**
 * Records a lane's outcomes, in the caller's transaction: message statuses, the queue, the
 * conversations, the day's sent count. Every row it touches is found by its key from the few
 * hundred outcomes, so the statement is planned as index look-ups whatever the statistics say: a
 * month's partition filled faster than autovacuum analyses it, or analysed before the tenant
 * wrote there, looks nearly empty of the tenant's messages, and a hash join then read all of them
 * for every flush (30 ms a flush at 90 000 messages).
 */
export async function recordOutcomes(
  client: pg.PoolClient,
  tenantId: string,
  numberId: string,
  outcomes: readonly SendOutcome[],
): Promise<void> {
  if (outcomes.length === 0) return;
  const recorded = prepared(RECORD_OUTCOMES, outcomeParameters(tenantId, numberId, outcomes));
  await withKeyLookups(client, () => client.query(recorded));
}

export interface ReachGrant {
  granted: Set<string>;
  /** When a slot frees up again, for the contacts that got none. */
  nextFreeAt: Date | null;
}

/** Takes messaging-limit slots for contacts about to get a business-initiated message. */
export async function reserveReach(
  db: pg.Pool,
  tenantId: string,
  portfolioId: string,
  contactIds: string[],
): Promise<ReachGrant> {
  const { rows } = await db.query(
    prepared('select contact_id::text, granted, next_free_at from reserve_portfolio_reach($1, $2, $3::bigint[])', [
      tenantId,
      portfolioId,
      contactIds,
    ]),
  );
  return {
    granted: new Set(rows.filter((row) => row.granted).map((row) => row.contact_id)),
    nextFreeAt: rows[0]?.next_free_at ?? null,
  };
}

/** Meta's 131050 at send time: the person stopped marketing messages. */
export async function optOutAfterError(db: pg.Pool, tenantId: string, contactId: string): Promise<void> {
  await db.query(
    `update contact set opted_out_at = now(), opt_out_channel = 'error_131050', updated_at = now()
      where tenant_id = $1 and id = $2 and opted_out_at is null`,
    [tenantId, contactId],
  );
}

/**
 * Tells idle workers when this lane next has work: its earliest queued message, or never. The
 * update reads the queue as of its start; a caller that queued messages meanwhile (its upsert of
 * this row made the update wait) committed rows the update could not see, and its wake-up found
 * the lane still running. So when the lane seems empty, a second statement (a fresh snapshot)
 * looks again, and nothing queued is ever left without a due time.
 */
export async function settleLane(
  db: pg.Pool,
  tenantId: string,
  numberId: string,
  paused: boolean,
): Promise<Date | null> {
  const { rows } = await db.query(
    prepared(
      `update send_lane l
          set due_at = case when $3 then null
                            else (select min(q.not_before) from send_queue q where q.tenant_id = $1 and q.number_id = $2) end,
              updated_at = now()
        where l.tenant_id = $1 and l.number_id = $2
        returning l.due_at`,
      [tenantId, numberId, paused],
    ),
  );
  const due: Date | null = rows[0]?.due_at ?? null;
  if (due !== null || paused) return due;
  const again = await db.query(
    prepared(
      `update send_lane l
          set due_at = (select min(q.not_before) from send_queue q where q.tenant_id = $1 and q.number_id = $2),
              updated_at = now()
        where l.tenant_id = $1 and l.number_id = $2 and l.due_at is null
          and exists (select 1 from send_queue q where q.tenant_id = $1 and q.number_id = $2)
        returning l.due_at`,
      [tenantId, numberId],
    ),
  );
  return again.rows[0]?.due_at ?? null;
}

/**
 * Owned lanes push their due time ahead, so other workers take them over only once the owner is
 * gone. A lane row that a transaction holds (queueing marks its lane due until it commits) is
 * skipped, to be held at the next sweep: the statement never waits, so it never closes a deadlock
 * with transactions that mark several lanes (a drain batch's replies on many numbers) while it
 * holds others.
 */
export async function holdLanes(
  db: pg.Pool,
  lanes: readonly { tenantId: string; numberId: string }[],
  seconds: number,
) {
  if (lanes.length === 0) return;
  await db.query(
    prepared(
      `update send_lane l set due_at = now() + make_interval(secs => $3), updated_at = now()
         from (select s.tenant_id, s.number_id
                 from send_lane s join unnest($1::text[], $2::bigint[]) as o (tenant_id, number_id)
                   on s.tenant_id = o.tenant_id and s.number_id = o.number_id
                order by s.tenant_id, s.number_id
                  for update of s skip locked) o
        where l.tenant_id = o.tenant_id and l.number_id = o.number_id`,
      [lanes.map((lane) => lane.tenantId), lanes.map((lane) => lane.numberId), seconds],
    ),
  );
}

/** Lanes whose work is due and whose owner, if any, has stopped holding them. */
export async function dueLanes(db: pg.Pool, limit: number): Promise<{ tenantId: string; numberId: string }[]> {
  const { rows } = await db.query(
    'select tenant_id, number_id::text from send_lane where due_at <= now() order by due_at limit $1',
    [limit],
  );
  return rows.map((row) => ({ tenantId: row.tenant_id, numberId: row.number_id }));
}

/** When the lane's earliest queued message is due, in epoch milliseconds; null when none is queued. */
export async function nextDueAt(db: pg.Pool, tenantId: string, numberId: string): Promise<number | null> {
  const { rows } = await db.query(
    prepared(
      'select (extract(epoch from min(not_before)) * 1000)::float8 as next from send_queue where tenant_id = $1 and number_id = $2',
      [tenantId, numberId],
    ),
  );
  return rows[0]?.next ?? null;
}

// Advisory locks of send lanes: (namespace, number id). Two-int keys never meet one-bigint keys.
const LANE_LOCK_NAMESPACE = 727_274;

/** Makes the lock connection listen for new work, opt-outs and number changes. */
export async function listenForLaneEvents(client: pg.PoolClient): Promise<void> {
  await client.query('listen wa_send_wake; listen wa_contact_opt_out; listen wa_number_state');
}

/** Takes a lane's session lock on the lock connection; false when another process holds it. */
export async function tryLockLane(client: pg.PoolClient, numberId: string): Promise<boolean> {
  const { rows } = await client.query(
    prepared('select pg_try_advisory_lock($1, $2::int) as locked', [LANE_LOCK_NAMESPACE, numberId]),
  );
  return rows[0]?.locked === true;
}

/** Lets a lane's session lock go. */
export async function unlockLane(client: pg.PoolClient, numberId: string): Promise<void> {
  await client.query(prepared('select pg_advisory_unlock($1, $2::int)', [LANE_LOCK_NAMESPACE, numberId]));
}
