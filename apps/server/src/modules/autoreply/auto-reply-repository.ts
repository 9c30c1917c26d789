import type { Db } from '../../platform/db/pool.js';

/** The tenants' versions of their rules and greetings, with their time zones (tenants without any are absent). */
export async function selectVersions(
  db: Db,
  tenantIds: readonly string[],
): Promise<Map<string, { version: string; timeZone: string }>> {
  const { rows } = await db.query<{ tenant_id: string; version: string; time_zone: string }>(
    `select v.tenant_id, v.version::text, t.time_zone from auto_reply_version v join tenant t on t.id = v.tenant_id
      where v.tenant_id = any($1::text[])`,
    [tenantIds],
  );
  return new Map(rows.map((row) => [row.tenant_id, { version: row.version, timeZone: row.time_zone }]));
}

/** Of the contacts, those opted out: they get no automatic reply. */
export async function selectOptedOut(db: Db, tenantId: string, contactIds: readonly string[]): Promise<Set<string>> {
  const { rows } = await db.query<{ id: string }>(
    'select id::text from contact where tenant_id = $1 and id = any($2::bigint[]) and opted_out_at is not null',
    [tenantId, contactIds],
  );
  return new Set(rows.map((row) => row.id));
}

/** The (rule, contact) pairs a rule answered within its cooldown, as `rule:contact`. */
export async function selectCoolingDown(
  db: Db,
  tenantId: string,
  pairs: readonly { ruleId: string; contactId: string; cooldownSeconds: number }[],
): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  const { rows } = await db.query<{ key: string }>(
    `select p.rule_id || ':' || p.contact_id as key
       from unnest($2::bigint[], $3::bigint[], $4::int[]) as p(rule_id, contact_id, cooldown)
      where exists (select 1 from auto_reply r where r.tenant_id = $1 and r.rule_id = p.rule_id
                      and r.contact_id = p.contact_id and r.created_at > now() - make_interval(secs => p.cooldown))`,
    [tenantId, pairs.map((p) => p.ruleId), pairs.map((p) => p.contactId), pairs.map((p) => p.cooldownSeconds)],
  );
  return new Set(rows.map((row) => row.key));
}

export interface NewAutoReply {
  messageId: string;
  numberId: string;
  contactId: string;
  kind: 'keyword' | 'greeting';
  ruleId: string | null;
  greetingId: string | null;
  materialId: string;
}

/**
 * Records the replies, one per inbound message: one already recorded (a webhook delivered twice,
 * a batch run again) is skipped. An `auto` material's steps are counted and its first delay set.
 * Answers the ids of the new ones.
 */
export async function insertAutoReplies(db: Db, tenantId: string, replies: readonly NewAutoReply[]): Promise<string[]> {
  if (replies.length === 0) return [];
  const { rows } = await db.query<{ id: string }>(
    `insert into auto_reply (tenant_id, inbound_message_id, number_id, contact_id, kind, rule_id, greeting_id, material_id, steps, next_at)
     select $1, x.message_id, x.number_id, x.contact_id, x.kind, x.rule_id, x.greeting_id, x.material_id,
            case when m.tp = 'auto' then (select count(*) from material_step s where s.tenant_id = $1 and s.auto_id = m.id) else 1 end,
            now() + make_interval(secs => case when m.tp = 'auto' then coalesce((select s.delay_seconds from material_step s
              where s.tenant_id = $1 and s.auto_id = m.id order by s.position limit 1), 0) else 0 end)
       from unnest($2::bigint[], $3::bigint[], $4::bigint[], $5::text[], $6::bigint[], $7::bigint[], $8::bigint[])
            as x(message_id, number_id, contact_id, kind, rule_id, greeting_id, material_id)
       join material m on m.tenant_id = $1 and m.id = x.material_id
     on conflict (tenant_id, inbound_message_id) do nothing
     returning id::text`,
    [
      tenantId,
      replies.map((r) => r.messageId),
      replies.map((r) => r.numberId),
      replies.map((r) => r.contactId),
      replies.map((r) => r.kind),
      replies.map((r) => r.ruleId),
      replies.map((r) => r.greetingId),
      replies.map((r) => r.materialId),
    ],
  );
  return rows.map((row) => row.id);
}

/** A due reply's step as it is sent: the material (an `auto` material's current step) and what gates it. */
export interface DueStep {
  id: string;
  number_id: string;
  contact_id: string;
  conversation_id: string | null;
  next_step: number;
  steps: number;
  /** Null when the material (or the sequence's step) was deleted since: the reply stops. */
  tp: string | null;
  body: string;
  card: Record<string, unknown> | null;
  buttons: { title: string }[];
  upload_id: string | null;
  file_name: string | null;
  media_id: string | null;
  /** The delay before the step after this one (null: this is the last). */
  next_delay: number | null;
  window_open: boolean;
  opted_out: boolean;
}

/**
 * The tenant's named (or, with null, all) pending replies whose step is due, locked; those another
 * worker holds are skipped. A media id counts while a day of Meta's 30 is left.
 */
export async function lockDueSteps(
  db: Db,
  tenantId: string,
  ids: readonly string[] | null,
  limit: number,
): Promise<DueStep[]> {
  const { rows } = await db.query<DueStep>(
    `with due as (
       select * from auto_reply where tenant_id = $1 and status = 'pending' and next_at <= now()
          and ($2::bigint[] is null or id = any($2::bigint[]))
        order by next_at limit $3 for update skip locked)
     select d.id::text, d.number_id::text, d.contact_id::text, c.id::text as conversation_id, d.next_step, d.steps,
            m.tp, m.body, m.card, m.buttons, m.upload_id::text, u.original_name as file_name,
            (select um.media_id from upload_media um where um.tenant_id = $1 and um.upload_id = m.upload_id
                and um.number_id = d.number_id and um.expires_at > now() + interval '1 day') as media_id,
            (select s.delay_seconds from material_step s where s.tenant_id = $1 and s.auto_id = d.material_id
              order by s.position offset d.next_step + 1 limit 1) as next_delay,
            coalesce(c.last_inbound_at > now() - interval '24 hours', false) as window_open,
            k.opted_out_at is not null as opted_out
       from due d
       left join material a on a.tenant_id = $1 and a.id = d.material_id
       left join material m on m.tenant_id = $1 and m.id = case when a.tp = 'auto' then (select s.material_id from material_step s
              where s.tenant_id = $1 and s.auto_id = a.id order by s.position offset d.next_step limit 1) else a.id end
       left join upload u on u.tenant_id = $1 and u.id = m.upload_id
       left join conversation c on c.tenant_id = $1 and c.number_id = d.number_id and c.contact_id = d.contact_id
       join contact k on k.tenant_id = $1 and k.id = d.contact_id`,
    [tenantId, ids, limit],
  );
  return rows;
}

/** Moves the replies' cursors past the step just queued: the next step's time, or done. */
export async function advanceReplies(
  db: Db,
  tenantId: string,
  moves: readonly { id: string; nextDelay: number | null }[],
): Promise<void> {
  if (moves.length === 0) return;
  await db.query(
    `update auto_reply r set next_step = r.next_step + 1,
        status = case when x.delay is null then 'done' else 'pending' end,
        next_at = case when x.delay is null then null else now() + make_interval(secs => x.delay) end
       from unnest($2::bigint[], $3::int[]) as x(id, delay)
      where r.tenant_id = $1 and r.id = x.id`,
    [tenantId, moves.map((m) => m.id), moves.map((m) => m.nextDelay)],
  );
}

/** Stops replies for good: the window closed, the contact opted out, the file could not be sent. */
export async function stopReplies(db: Db, tenantId: string, ids: readonly string[], reason: string): Promise<void> {
  if (ids.length === 0) return;
  await db.query(
    `update auto_reply set status = 'stopped', stop_reason = $3, next_at = null
      where tenant_id = $1 and id = any($2::bigint[]) and status = 'pending'`,
    [tenantId, ids, reason],
  );
}

/** When the tenant's next pending step falls due (null: none is pending). */
export async function selectNextDue(db: Db, tenantId: string): Promise<Date | null> {
  const { rows } = await db.query<{ next_at: Date | null }>(
    `select min(next_at) as next_at from auto_reply where tenant_id = $1 and status = 'pending'`,
    [tenantId],
  );
  return rows[0]?.next_at ?? null;
}

/** Tenants with a pending step due now (the sweep's work). */
export async function selectTenantsWithDueSteps(db: Db): Promise<string[]> {
  const { rows } = await db.query<{ tenant_id: string }>(
    `select distinct tenant_id from auto_reply where status = 'pending' and next_at <= now()`,
  );
  return rows.map((row) => row.tenant_id);
}

/**
 * Forgets finished replies older than the longest cooldown and Meta's webhook retries (7 days),
 * at most `limit` a call; answers how many.
 */
export async function deleteOldReplies(db: Db, limit: number): Promise<number> {
  const { rowCount } = await db.query(
    `delete from auto_reply where (tenant_id, id) in (
       select tenant_id, id from auto_reply where created_at < now() - interval '8 days' and status <> 'pending'
        order by created_at limit $1)`,
    [limit],
  );
  return rowCount ?? 0;
}
