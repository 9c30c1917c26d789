import type { Db } from '../../platform/db/pool.js';
import type { WithdrawnSend } from '../../whatsapp/governor/campaign-queue-repository.js';
import { pendingAgain } from './operation-repository.js';

/** The campaign row as the dispatcher needs it, locked for the step. */
export interface DispatchCampaign {
  id: string;
  tenantId: string;
  kind: 'mass' | 'burst';
  status: string;
  content: unknown;
  templateId: string | null;
  purpose: 'marketing' | 'utility' | 'authentication' | 'service';
  schedule: unknown;
  options: unknown;
  runNo: number;
  cursor: string;
  recipients: number;
  startedAt: Date | null;
  /** The tenant's, for the send window. */
  timeZone: string;
  /** An A/B split (null: none), B's template, when its sample had gone out, and its winner (1 A, 2 B) once decided. */
  split: unknown;
  splitTemplateId: string | null;
  splitSampleSentAt: Date | null;
  splitWinner: 1 | 2 | null;
}

/** Two-key advisory locks of campaigns' dispatchers: (this, the campaign's id folded to 32 bits). */
const DISPATCH_LOCK_NAMESPACE = 727_275;

/**
 * Takes the campaign's dispatcher lock for the step's transaction (one step at a time; a second
 * waits) and reads the campaign without blocking anyone else: FOR KEY SHARE does not conflict
 * with an update of the row, so a pause, cancel or resend commits at once, and the step's own
 * checkpoint (`saveCursor`) finds out and gives the step up. Undefined when the campaign is gone.
 */
export async function lockCampaign(
  db: Db,
  tenantId: string,
  campaignId: string,
): Promise<DispatchCampaign | undefined> {
  await db.query('select pg_advisory_xact_lock($1, ($2::bigint % 2147483647)::int)', [
    DISPATCH_LOCK_NAMESPACE,
    campaignId,
  ]);
  const { rows } = await db.query(
    `select id::text, tenant_id, kind, status, content, template_id::text, purpose, schedule, options,
            run_no, dispatch_cursor::text as cursor, recipients::float8 as recipients, started_at,
            split, split_template_id::text, split_sample_sent_at, split_winner,
            (select t.time_zone from tenant t where t.id = c.tenant_id) as time_zone
       from campaign c where tenant_id = $1 and id = $2 and deleted_at is null
        for key share`,
    [tenantId, campaignId],
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    id: row.id,
    tenantId: row.tenant_id,
    kind: row.kind,
    status: row.status,
    content: row.content,
    templateId: row.template_id,
    purpose: row.purpose,
    schedule: row.schedule,
    options: row.options,
    runNo: row.run_no,
    cursor: row.cursor,
    recipients: row.recipients,
    startedAt: row.started_at,
    timeZone: row.time_zone,
    split: row.split,
    splitTemplateId: row.split_template_id,
    splitSampleSentAt: row.split_sample_sent_at,
    splitWinner: row.split_winner,
  };
}

/** A sender of the campaign, as of this step. */
export interface SenderState {
  numberId: string;
  /** Sending: not paused, not RED, CONNECTED or FLAGGED. */
  active: boolean;
  /** Whether this step changed `active`. */
  changed: boolean;
  throughput: number;
  quality: string;
  /** The campaign's messages waiting in this number's queue. */
  queued: number;
  /** Its walk over its engaged recipients (warm-up plans): the last one queued; null once over. */
  engagedCursor: string | null;
}

/**
 * Sets each sender's `active` from its number's state, and answers the senders with their
 * throughput, quality and how many of the campaign's messages their queues hold.
 */
export async function refreshSenders(db: Db, tenantId: string, campaignId: string): Promise<SenderState[]> {
  const { rows } = await db.query(
    `with health as (
       select s.number_id,
              coalesce(n.deleted_at is null and n.paused_at is null and n.quality_rating <> 'RED'
                       and n.status in ('CONNECTED', 'FLAGGED'), false) as healthy,
              coalesce(n.throughput_per_second, 1) as throughput, coalesce(n.quality_rating, 'UNKNOWN') as quality,
              s.engaged_cursor
         from campaign_sender s
         left join wa_number n on n.tenant_id = s.tenant_id and n.id = s.number_id
        where s.campaign_id = $2 and s.tenant_id = $1
     ),
     changed as (
       update campaign_sender s set active = h.healthy
         from health h
        where s.campaign_id = $2 and s.number_id = h.number_id and s.active <> h.healthy
       returning s.number_id
     ),
     queued as (
       select number_id, count(*)::int as n from send_queue
        where campaign_id = $2 and tenant_id = $1 group by number_id
     )
     select h.number_id::text, h.healthy, h.throughput, h.quality, coalesce(q.n, 0) as queued,
            h.engaged_cursor::text,
            h.number_id in (select number_id from changed) as changed
       from health h left join queued q on q.number_id = h.number_id
      order by h.number_id`,
    [tenantId, campaignId],
  );
  return rows.map((row) => ({
    numberId: row.number_id,
    active: row.healthy,
    changed: row.changed,
    throughput: row.throughput,
    quality: row.quality,
    queued: row.queued,
    engagedCursor: row.engaged_cursor,
  }));
}

/**
 * Moves the not-yet-sent recipients (pending, or deferred by Meta's per-user cap: never reached)
 * of the stopped senders to the given ones, each recipient to one sender picked by a hash of the
 * contact weighted by `weight`, in one statement. Answers how many moved.
 */
export async function moveRecipients(
  db: Db,
  tenantId: string,
  campaignId: string,
  fromNumberIds: readonly string[],
  targets: readonly { numberId: string; weight: number }[],
): Promise<number> {
  const { rowCount } = await db.query(
    `with targets as (
       select t.number_id, sum(t.weight) over (order by t.number_id) as upper, sum(t.weight) over () as total
         from unnest($4::bigint[], $5::float8[]) as t (number_id, weight)
        where t.weight > 0
     ),
     moving as (
       select r.contact_id, (hashint8(r.contact_id)::float8 + 2147483648) / 4294967296 as u
         from campaign_recipient r
        where r.campaign_id = $2 and r.tenant_id = $1 and r.state in (0, 10) and r.number_id = any($3::bigint[])
     )
     update campaign_recipient r
        set number_id = (select t.number_id from targets t where t.upper > m.u * t.total order by t.upper limit 1),
            updated_at = now()
       from moving m
      where r.campaign_id = $2 and r.contact_id = m.contact_id and exists (select 1 from targets)`,
    [tenantId, campaignId, fromNumberIds, targets.map((t) => t.numberId), targets.map((t) => t.weight)],
  );
  return rowCount ?? 0;
}

/**
 * The recipients of withdrawn messages (never claimed, so never sent) are pending again
 * (`pendingAgain`), so that the dispatcher queues them anew from the sender they are moved to.
 * Answers how many.
 */
export async function returnWithdrawnRecipients(
  db: Db,
  tenantId: string,
  campaignId: string,
  withdrawn: readonly WithdrawnSend[],
): Promise<number> {
  if (withdrawn.length === 0) return 0;
  const { rows } = await db.query<{ n: number }>(
    pendingAgain(
      `select r.contact_id, r.message_created_at from campaign_recipient r
         join unnest($3::bigint[], $4::bigint[]) as w (contact_id, message_id)
           on r.campaign_id = $2 and r.contact_id = w.contact_id and r.message_id = w.message_id
        where r.tenant_id = $1 and r.state = 11`,
    ),
    [tenantId, campaignId, withdrawn.map((w) => w.contactId), withdrawn.map((w) => w.messageId)],
  );
  return rows[0]?.n ?? 0;
}

/** A recipient due for sending, after the cursor, with what its message needs. */
export interface DueRecipient {
  contactId: string;
  numberId: string;
  /** Within its sender's room this step; the first one that is not holds the cursor. */
  fits: boolean;
  contactExists: boolean;
  name: string;
  waId: string;
  lastInboundAt: Date | null;
  /** Its part of an A/B split: 0 none, 1 A, 2 B, 3 the rest. */
  variant: number;
}

/**
 * The next recipients due (pending, or deferred whose time has come) after the cursor, in contact
 * order, of the given senders only (and of these variants, when given: a split's sample before its
 * decision), at most `limit`; each marked whether it fits its sender's room. Only the first `take`
 * that fit can be queued this step: their contacts' names, numbers and last messages are read, the
 * others' are not (the scan reads twice what a step takes, so that full senders do not starve it).
 */
export async function dueRecipients(
  db: Db,
  tenantId: string,
  campaignId: string,
  cursor: string,
  rooms: readonly { numberId: string; room: number }[],
  limit: number,
  take: number,
  variants: readonly number[] | null = null,
): Promise<DueRecipient[]> {
  const { rows } = await db.query(
    `with rooms as (select * from unnest($4::bigint[], $5::int[]) as r (number_id, room)),
     due as (
       select r.contact_id, r.number_id, r.variant from campaign_recipient r
        where r.campaign_id = $2 and r.tenant_id = $1 and r.contact_id > $3
          and (r.state = 0 or (r.state = 10 and r.not_before <= now()))
          and r.number_id = any($4::bigint[])
          and ($7::smallint[] is null or r.variant = any($7::smallint[]))
        order by r.contact_id
        limit $6
     ),
     fitted as (
       select d.*, row_number() over (partition by d.number_id order by d.contact_id) <= o.room as fits
         from due d join rooms o on o.number_id = d.number_id
     ),
     counted as (
       select f.*, count(*) filter (where f.fits) over (order by f.contact_id) as fitting from fitted f
     )
     select k.contact_id::text, k.number_id::text, k.variant, k.fits, c.id is not null as contact_exists,
            coalesce(c.name, '') as name, coalesce(c.wa_id, '') as wa_id, c.last_inbound_at
       from counted k
       left join lateral (
         select c.id, c.name, c.wa_id, c.last_inbound_at from contact c
          where k.fits and k.fitting <= $8 and c.tenant_id = $1 and c.id = k.contact_id
         -- Kept a subquery (not merged into the join), so its test of k gates the look-up itself.
         offset 0
       ) c on true
      order by k.contact_id`,
    [tenantId, campaignId, cursor, rooms.map((r) => r.numberId), rooms.map((r) => r.room), limit, variants, take],
  );
  return rows.map((row) => ({
    variant: row.variant,
    contactId: row.contact_id,
    numberId: row.number_id,
    fits: row.fits,
    contactExists: row.contact_exists,
    name: row.name,
    waId: row.wa_id,
    lastInboundAt: row.last_inbound_at,
  }));
}

/**
 * Claims the cross-campaign frequency cap for these contacts: each one's last marketing time moves
 * to now only when it is older than the cap (or there is none). Answers the contacts claimed.
 */
export async function claimTouches(
  db: Db,
  tenantId: string,
  contactIds: readonly string[],
  capHours: number,
): Promise<Set<string>> {
  if (contactIds.length === 0) return new Set();
  const { rows } = await db.query<{ contact_id: string }>(
    `insert into contact_touch as t (tenant_id, contact_id, last_marketing_at)
     select $1, c, now() from unnest($2::bigint[]) as c order by c
     on conflict (tenant_id, contact_id) do update set last_marketing_at = excluded.last_marketing_at
      where t.last_marketing_at <= now() - make_interval(hours => $3)
     returning contact_id::text`,
    [tenantId, contactIds, capHours],
  );
  return new Set(rows.map((row) => row.contact_id));
}

/** What became of one recipient this step: queued with its message, or skipped with the reason. */
export type RecipientOutcome =
  | { contactId: string; state: 'queued'; messageId: string; messageCreatedAt: string }
  | { contactId: string; state: 'skipped'; reason: string };

const STATE_NUMBER = { queued: 1, skipped: 12 } as const;

/** Records the step's outcomes in one statement (the roll-ups follow by trigger). */
export async function recordRecipients(
  db: Db,
  campaignId: string,
  outcomes: readonly RecipientOutcome[],
): Promise<void> {
  if (outcomes.length === 0) return;
  const pick = <T>(read: (outcome: RecipientOutcome) => T) => outcomes.map(read);
  await db.query(
    `update campaign_recipient r
        set state = o.state, message_id = o.message_id, message_created_at = o.created_at,
            error_code = null, error_title = o.reason, not_before = null, updated_at = now()
       from unnest($2::bigint[], $3::smallint[], $4::bigint[], $5::timestamptz[], $6::text[])
            as o (contact_id, state, message_id, created_at, reason)
      where r.campaign_id = $1 and r.contact_id = o.contact_id`,
    [
      campaignId,
      pick((o) => o.contactId),
      pick((o) => STATE_NUMBER[o.state]),
      pick((o) => (o.state === 'queued' ? o.messageId : null)),
      pick((o) => (o.state === 'queued' ? o.messageCreatedAt : null)),
      pick((o) => (o.state === 'skipped' ? o.reason : null)),
    ],
  );
}

/** An operation moved the campaign (pause, cancel, resend, a hold) while the step worked: the step must not commit. */
export class StepSuperseded extends Error {
  constructor(campaignId: string) {
    super(`campaign ${campaignId} changed while its dispatcher stepped`);
  }
}

/**
 * Saves the dispatcher's checkpoint, when the campaign still runs the run the step read; the
 * row's updated_at says the dispatcher is alive. Otherwise throws StepSuperseded, so the step's
 * work rolls back: what it queued never reaches the lanes after a pause or cancel took effect.
 * The update waits for an operation still in its transaction and then reads the row it left.
 */
export async function saveCursor(
  db: Db,
  campaign: Pick<DispatchCampaign, 'id' | 'runNo'>,
  cursor: string,
): Promise<void> {
  const { rowCount } = await db.query(
    `update campaign set dispatch_cursor = $2, updated_at = now()
      where id = $1 and status = 'running' and run_no = $3`,
    [campaign.id, cursor, campaign.runNo],
  );
  if (rowCount === 0) throw new StepSuperseded(campaign.id);
}

/** The campaign's recipients by sender and state, from the roll-up. */
export async function campaignTally(
  db: Db,
  campaignId: string,
): Promise<{ numberId: string; state: number; n: number }[]> {
  const { rows } = await db.query(
    'select number_id::text, state, n::float8 as n from campaign_tally_live where campaign_id = $1 and n <> 0',
    [campaignId],
  );
  return rows.map((row) => ({ numberId: row.number_id, state: row.state, n: row.n }));
}

/** Whether a recipient deferred by Meta's per-user cap has come due again. */
export async function anyDeferralDue(db: Db, campaignId: string): Promise<boolean> {
  const { rows } = await db.query(
    'select exists (select 1 from campaign_recipient where campaign_id = $1 and state = 10 and not_before <= now()) as due',
    [campaignId],
  );
  return rows[0]?.due === true;
}

/** Ends a running campaign: every recipient has a final state or is on its way. */
export async function completeCampaign(db: Db, campaignId: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `update campaign set status = 'completed', finished_at = now(), updated_at = now()
      where id = $1 and status = 'running'`,
    [campaignId],
  );
  return rowCount === 1;
}

/** The product holds a running campaign, with the reason. */
export async function holdCampaign(db: Db, campaignId: string, reason: { zh: string; en: string }): Promise<boolean> {
  const { rowCount } = await db.query(
    `update campaign set status = 'held', hold_reason_zh = $2, hold_reason_en = $3, updated_at = now()
      where id = $1 and status = 'running'`,
    [campaignId, reason.zh, reason.en],
  );
  return rowCount === 1;
}

/** The parts of a template a campaign message is built from. */
export async function loadTemplate(
  db: Db,
  tenantId: string,
  templateId: string,
): Promise<{ name: string; language: string; components: unknown } | undefined> {
  const { rows } = await db.query(
    'select name, language, components from wa_template where tenant_id = $1 and id = $2',
    [tenantId, templateId],
  );
  return rows[0];
}

/** Running campaigns whose dispatcher has not stepped for a while (its worker died mid-step). */
export async function stalledCampaigns(db: Db, quietSeconds: number): Promise<{ tenantId: string; id: string }[]> {
  const { rows } = await db.query(
    `select tenant_id, id::text from campaign
      where status = 'running' and updated_at < now() - make_interval(secs => $1)
      order by id limit 1000`,
    [quietSeconds],
  );
  return rows.map((row) => ({ tenantId: row.tenant_id, id: row.id }));
}

/** Campaigns waiting for their start job that have waited this long: starting, or scheduled and due. */
export async function waitingStarts(db: Db, quietSeconds: number): Promise<{ tenantId: string; id: string }[]> {
  const { rows } = await db.query(
    `select tenant_id, id::text from campaign
      where (status = 'starting' and updated_at < now() - make_interval(secs => $1))
         or (status = 'scheduled' and starts_at < now() - make_interval(secs => $1))
      order by id limit 1000`,
    [quietSeconds],
  );
  return rows.map((row) => ({ tenantId: row.tenant_id, id: row.id }));
}
