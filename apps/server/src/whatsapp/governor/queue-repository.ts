import type { Db } from '../../platform/db/pool.js';
import type { MessageIntent, Priority } from './queue-messages.js';

/**
 * Inserts the intents as queued messages with their send_queue rows, in one statement; their lanes
 * are the caller's to mark (`markLanesDue`). Answers a row per intent, in order; created_at is
 * null for an intent naming a number, contact, group or template of another tenant (not inserted).
 */
export async function insertQueuedMessages(
  db: Db,
  tenantId: string,
  intents: readonly MessageIntent[],
  defaultPriority: Priority,
): Promise<{ id: string; created_at: string | null }[]> {
  const column = <T>(pick: (intent: MessageIntent) => T) => intents.map(pick);
  const { rows } = await db.query<{ id: string; created_at: string | null }>(
    // No join between the statement's parts: their row estimates are guesses (one row), and a
    // nested loop over 2 000 intents compared 4 000 000 pairs. Each row says whether the tenant owns
    // what it names; its message id and time (the transaction's now(), the column's default) are
    // known before the inserts, so the queue rows and the answer come from the same rows.
    `with input as (
       select nextval('message_id_seq') as id, i.*,
              exists (select 1 from wa_number n where n.tenant_id = $1 and n.id = i.number_id and n.deleted_at is null)
              and (i.contact_id is null or exists (select 1 from contact c where c.tenant_id = $1 and c.id = i.contact_id))
              and (i.group_ref is null or exists (select 1 from wa_group g where g.tenant_id = $1 and g.id = i.group_ref))
              and (i.contact_id is not null or i.group_ref is not null)
              and (i.template_id is null or exists (select 1 from wa_template t where t.tenant_id = $1 and t.id = i.template_id))
              as owned
         from unnest($2::bigint[], $3::bigint[], $4::bigint[], $5::text[], $6::jsonb[], $7::text[], $8::text[],
                     $9::bigint[], $10::bigint[], $11::bigint[], $12::bigint[], $13::smallint[], $14::timestamptz[])
              with ordinality as i (number_id, contact_id, group_ref, type, content, preview, purpose, template_id,
                                    campaign_id, task_id, sent_by, priority, not_before, position)
     ),
     messages as (
       insert into message (tenant_id, id, created_at, number_id, contact_id, group_ref, direction, type, body, preview,
                            purpose, template_id, status, campaign_id, task_id, sent_by, context_meta_id)
       select $1, id, now(), number_id, contact_id, group_ref, 'out', type, content, coalesce(preview, ''), purpose,
              template_id, 'queued', campaign_id, task_id, sent_by,
              -- A reply quoting a message (Meta's context) shows the quote in the history, as inbound ones do.
              content->'context'->>'message_id'
         from input where owned
     ),
     queued as (
       insert into send_queue (tenant_id, number_id, message_id, message_created_at, priority, not_before, campaign_id)
       select $1, number_id, id, now(), priority, coalesce(not_before, now()), campaign_id from input where owned
     )
     select id::text, case when owned then now()::text end as created_at from input order by position`,
    [
      tenantId,
      column((i) => i.numberId),
      column((i) => i.contactId ?? null),
      column((i) => i.groupRef ?? null),
      column((i) => i.type),
      column((i) => JSON.stringify(i.content)),
      column((i) => i.preview ?? null),
      column((i) => i.purpose ?? null),
      column((i) => i.templateId ?? null),
      column((i) => i.campaignId ?? null),
      column((i) => i.taskId ?? null),
      column((i) => i.sentBy ?? null),
      column((i) => i.priority ?? defaultPriority),
      column((i) => i.notBefore ?? null),
    ],
  );
  return rows;
}

/**
 * Moves lanes' due times to the earliest of their new messages and wakes them at commit. A lane's
 * row stays locked until the caller commits, and the lane's own settling waits for it: callers
 * with a long transaction mark their lanes last.
 */
export async function markLanesDue(
  db: Db,
  tenantId: string,
  lanes: readonly { numberId: string; dueAt: Date | null }[],
): Promise<void> {
  if (lanes.length === 0) return;
  await db.query(
    `with due as (
       select l.number_id, min(coalesce(l.due_at, now())) as due_at
         from unnest($2::bigint[], $3::timestamptz[]) as l (number_id, due_at)
        group by l.number_id
     ),
     lanes as (
       insert into send_lane (tenant_id, number_id, due_at)
       select $1, number_id, due_at from due order by number_id
       on conflict (tenant_id, number_id) do update
          set due_at = least(coalesce(send_lane.due_at, excluded.due_at), excluded.due_at), updated_at = now()
     )
     select pg_notify('wa_send_wake', json_build_object('tenantId', $1::text, 'numberId', number_id::text)::text)
       from due`,
    [tenantId, lanes.map((lane) => lane.numberId), lanes.map((lane) => lane.dueAt)],
  );
}
