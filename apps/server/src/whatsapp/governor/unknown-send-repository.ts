/**
 * Sends whose fate is unknown (migration 0033): recorded by the lane with the outcome, forgotten
 * once a status webhook settles them, and queued again when Meta evidently never took them.
 */
import type { Db } from '../../platform/db/pool.js';
import { PRIORITY } from './queue-messages.js';

/** Drops the watch on messages that are no longer unknown: a status webhook settled them, or they are gone. */
export async function forgetSettledUnknowns(db: Db): Promise<number> {
  const { rowCount } = await db.query(
    `delete from unknown_send u
      where not exists (select 1 from message m
                         where m.tenant_id = u.tenant_id and m.created_at = u.message_created_at and m.id = u.message_id
                           and m.status = 'unknown' and m.meta_message_id is null)`,
  );
  return rowCount ?? 0;
}

/** Stops watching what stayed unknown this long: it stays `unknown` for the operator to resend. */
export async function forgetOldUnknowns(db: Db, olderThanSeconds: number): Promise<number> {
  const { rowCount } = await db.query('delete from unknown_send where since < now() - make_interval(secs => $1)', [
    olderThanSeconds,
  ]);
  return rowCount ?? 0;
}

export interface RequeuedLane {
  tenant_id: string;
  number_id: string;
  requeued: number;
}

/**
 * Queues again, as the same message, up to `limit` unknown sends that Meta evidently never took:
 * unknown for longer than `graceSeconds`, while a later message of the same number was sent by
 * Meta's own timestamp after this one was marked (the number's status webhooks flow and passed it
 * by). A campaign's message goes again only while the campaign runs or has completed (its last
 * sends were what the crash interrupted; never when paused, held or cancelled) and its recipient
 * still points to it (a resend gave the recipient a new message otherwise). Should a late status of the first
 * attempt still come, it settles the queued message by its callback data and takes it off the
 * queue. Answers the lanes to mark due.
 */
export async function requeueUnheardSends(db: Db, graceSeconds: number, limit: number): Promise<RequeuedLane[]> {
  const { rows } = await db.query<RequeuedLane>(
    `with due as (
       select u.tenant_id, u.message_id, u.message_created_at, u.since
         from unknown_send u
        where u.since < now() - make_interval(secs => $1)
        order by u.since
        limit $2
          for update of u skip locked
     ),
     requeued as (
       update message m
          set status = 'queued', error_code = null, error_title = null, status_at = now()
         from due d
        where m.tenant_id = d.tenant_id and m.created_at = d.message_created_at and m.id = d.message_id
          and m.status = 'unknown' and m.meta_message_id is null and m.direction = 'out'
          and (m.campaign_id is null or exists (
                select 1 from campaign c join campaign_recipient r on r.campaign_id = c.id
                 where c.tenant_id = m.tenant_id and c.id = m.campaign_id and c.status in ('running', 'completed')
                   and r.contact_id = m.contact_id and r.message_id = m.id))
          and exists (
                select 1 from message l
                 where l.tenant_id = m.tenant_id and l.number_id = m.number_id and l.direction = 'out'
                   and l.created_at >= m.created_at and l.created_at > now() - interval '60 days'
                   and l.sent_at > d.since + interval '5 seconds')
       returning m.tenant_id, m.id, m.created_at, m.number_id, m.campaign_id, m.task_id
     ),
     queued as (
       insert into send_queue (tenant_id, number_id, message_id, message_created_at, priority, not_before, campaign_id)
       select tenant_id, number_id, id, created_at,
              case when campaign_id is null and task_id is null then $3::int else $4::int end, now(), campaign_id
         from requeued
     ),
     unwatched as (
       delete from unknown_send u using requeued r where u.tenant_id = r.tenant_id and u.message_id = r.id
     )
     select tenant_id, number_id::text, count(*)::int as requeued from requeued group by 1, 2`,
    [graceSeconds, limit, PRIORITY.interactive, PRIORITY.bulk],
  );
  return rows;
}
