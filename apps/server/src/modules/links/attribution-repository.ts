import type { Db } from '../../platform/db/pool.js';

export interface TokenSeen {
  conversationId: string;
  numberId: string;
  contactId: string;
  ref: string;
  /** The conversation was new with this batch. */
  fresh: boolean;
}

/** How long after its click a token still attributes: the visitor writes at once or not at all. */
const ATTRIBUTION_DAYS = 7;

/**
 * Attributes conversations to the clicks whose reference token their first message carried, in
 * one statement for the batch: a click of the tenant, to the same number, not attributed yet and
 * recent; each click once (the newest click with the token wins). The day's roll-up counts the
 * conversation on the click's day and target. Answers how many were attributed.
 */
export async function insertAttributions(db: Db, tenantId: string, seen: readonly TokenSeen[]): Promise<number> {
  if (seen.length === 0) return 0;
  const { rowCount } = await db.query(
    `with x as (
       select * from unnest($2::bigint[], $3::bigint[], $4::bigint[], $5::text[], $6::boolean[])
              as x (conversation_id, number_id, contact_id, ref, fresh)
     ), matched as (
       select distinct on (c.id) c.tenant_id, c.link_id, c.id as click_id, c.target_id, x.number_id, x.conversation_id,
              x.contact_id, x.fresh, c.clicked_at, c.day
         from x join link_click c on c.ref = x.ref and c.tenant_id = $1 and c.number_id = x.number_id
        where c.clicked_at > now() - make_interval(days => ${ATTRIBUTION_DAYS})
          and not exists (select 1 from link_attribution a
                           where a.tenant_id = c.tenant_id and a.link_id = c.link_id and a.click_id = c.id)
        order by c.id, x.conversation_id
     ), attributed as (
       insert into link_attribution (tenant_id, link_id, click_id, target_id, number_id, conversation_id, contact_id,
                                     new_conversation, clicked_at)
       select tenant_id, link_id, click_id, target_id, number_id, conversation_id, contact_id, fresh, clicked_at
         from matched
       on conflict do nothing
       returning link_id, click_id
     )
     insert into link_day as d (tenant_id, link_id, day, target_id, conversations)
     select $1, m.link_id, m.day, coalesce(m.target_id, 0), count(*)
       from attributed a join matched m on m.link_id = a.link_id and m.click_id = a.click_id
      group by 1, 2, 3, 4 order by 1, 2, 3, 4
     on conflict (tenant_id, link_id, day, target_id) do update set conversations = d.conversations + excluded.conversations`,
    [
      tenantId,
      seen.map((s) => s.conversationId),
      seen.map((s) => s.numberId),
      seen.map((s) => s.contactId),
      seen.map((s) => s.ref),
      seen.map((s) => s.fresh),
    ],
  );
  return rowCount ?? 0;
}
