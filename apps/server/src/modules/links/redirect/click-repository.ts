import type { LinkAgentClass, LinkChoice } from '@ws/contract';
import type { Db } from '../../../platform/db/pool.js';

export interface ClickRecord {
  tenantId: string;
  linkId: string;
  clickedAt: Date;
  /** The tenant's day of the click. */
  day: string;
  targetId: string | null;
  numberId: string | null;
  choice: LinkChoice;
  ref: string | null;
  agentClass: LinkAgentClass;
  bot: boolean;
  addressHash: string;
  referrer: string;
  utm: Record<string, string>;
}

/**
 * Writes a batch of clicks and adds them to the day's roll-up, in one statement. The roll-up's
 * rows are taken in key order, so writers of several processes never deadlock on them.
 */
export async function insertClicks(db: Db, clicks: readonly ClickRecord[]): Promise<void> {
  if (clicks.length === 0) return;
  await db.query(
    `with x as (
       select * from unnest($1::text[], $2::bigint[], $3::timestamptz[], $4::date[], $5::bigint[], $6::bigint[],
                            $7::text[], $8::text[], $9::text[], $10::boolean[], $11::text[], $12::text[], $13::jsonb[])
              as x (tenant_id, link_id, clicked_at, day, target_id, number_id, choice, ref, agent_class, bot,
                    address_hash, referrer, utm)
     ), logged as (
       insert into link_click (tenant_id, link_id, clicked_at, day, target_id, number_id, choice, ref, agent_class, bot,
                               address_hash, referrer, utm)
       select * from x
     )
     insert into link_day as d (tenant_id, link_id, day, target_id, human_clicks, bot_clicks)
     select tenant_id, link_id, day, coalesce(target_id, 0), count(*) filter (where not bot), count(*) filter (where bot)
       from x group by 1, 2, 3, 4 order by 1, 2, 3, 4
     on conflict (tenant_id, link_id, day, target_id) do update
        set human_clicks = d.human_clicks + excluded.human_clicks, bot_clicks = d.bot_clicks + excluded.bot_clicks`,
    [
      clicks.map((c) => c.tenantId),
      clicks.map((c) => c.linkId),
      clicks.map((c) => c.clickedAt.toISOString()),
      clicks.map((c) => c.day),
      clicks.map((c) => c.targetId),
      clicks.map((c) => c.numberId),
      clicks.map((c) => c.choice),
      clicks.map((c) => c.ref),
      clicks.map((c) => c.agentClass),
      clicks.map((c) => c.bot),
      clicks.map((c) => c.addressHash),
      clicks.map((c) => c.referrer),
      clicks.map((c) => JSON.stringify(c.utm)),
    ],
  );
}
