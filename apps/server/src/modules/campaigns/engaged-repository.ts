import type { Db } from '../../platform/db/pool.js';
import type { DueRecipient } from './dispatch-repository.js';

/** A sender walking its engaged recipients this step: from after `cursor`, at most `room`. */
export interface EngagedWalk {
  numberId: string;
  cursor: string;
  room: number;
}

/**
 * Each sender's next engaged recipients due (pending, or deferred whose time has come) after its
 * own cursor, in contact order, at most its room (and of these variants, when given), through
 * campaign_recipient_engaged_idx; all of them fit.
 */
export async function dueEngagedRecipients(
  db: Db,
  tenantId: string,
  campaignId: string,
  walks: readonly EngagedWalk[],
  variants: readonly number[] | null,
): Promise<DueRecipient[]> {
  const { rows } = await db.query(
    `select e.contact_id::text, e.number_id::text, e.variant, c.id is not null as contact_exists,
            coalesce(c.name, '') as name, coalesce(c.wa_id, '') as wa_id, c.last_inbound_at
       from unnest($3::bigint[], $4::bigint[], $5::int[]) as s (number_id, after, room)
      cross join lateral (
            select r.contact_id, r.number_id, r.variant from campaign_recipient r
             where r.campaign_id = $2 and r.tenant_id = $1 and r.number_id = s.number_id and r.engaged
               and r.contact_id > s.after and (r.state = 0 or (r.state = 10 and r.not_before <= now()))
               and ($6::smallint[] is null or r.variant = any($6::smallint[]))
             order by r.contact_id
             limit s.room) e
       left join contact c on c.tenant_id = $1 and c.id = e.contact_id
      order by e.contact_id`,
    [
      tenantId,
      campaignId,
      walks.map((walk) => walk.numberId),
      walks.map((walk) => walk.cursor),
      walks.map((walk) => walk.room),
      variants,
    ],
  );
  return rows.map((row) => ({
    variant: row.variant,
    contactId: row.contact_id,
    numberId: row.number_id,
    fits: true,
    contactExists: row.contact_exists,
    name: row.name,
    waId: row.wa_id,
    lastInboundAt: row.last_inbound_at,
  }));
}

/** Saves the senders' engaged cursors (null: the sender's engaged pass is over), with the step. */
export async function saveEngagedCursors(
  db: Db,
  campaignId: string,
  cursors: readonly { numberId: string; cursor: string | null }[],
): Promise<void> {
  if (cursors.length === 0) return;
  await db.query(
    `update campaign_sender s set engaged_cursor = c.cursor
       from unnest($2::bigint[], $3::bigint[]) as c (number_id, cursor)
      where s.campaign_id = $1 and s.number_id = c.number_id`,
    [campaignId, cursors.map((c) => c.numberId), cursors.map((c) => c.cursor)],
  );
}

/** A new pass over the engaged recipients (a new run, or the rest after an A/B split's decision). */
export async function restartEngagedPasses(db: Db, campaignId: string): Promise<void> {
  await db.query('update campaign_sender set engaged_cursor = 0 where campaign_id = $1', [campaignId]);
}
