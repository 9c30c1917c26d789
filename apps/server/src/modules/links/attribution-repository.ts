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

/** A conversation attributed to a click, with the order share owning the link (lead-intake orders build on it). */
export interface Attribution {
  link_id: string;
  click_id: string;
  target_id: string | null;
  number_id: string;
  conversation_id: string;
  contact_id: string;
  new_conversation: boolean;
  clicked_at: Date;
  order_share_id: string | null;
}

/**
 * Attributes conversations to the clicks whose reference token their first message carried, in
 * one statement for the batch: a click of the tenant, to the same number, not attributed yet and
 * recent; each click once (the newest click with the token wins). The day's roll-up counts the
 * conversation on the click's day and target. Answers the attributions made.
 */
export async function insertAttributions(db: Db, tenantId: string, seen: readonly TokenSeen[]): Promise<Attribution[]> {
  if (seen.length === 0) return [];
  const { rows } = await db.query<Attribution>(
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
       returning link_id, click_id, target_id, number_id, conversation_id, contact_id, new_conversation, clicked_at
     ), counted as (
       insert into link_day as d (tenant_id, link_id, day, target_id, conversations)
       select $1, m.link_id, m.day, coalesce(m.target_id, 0), count(*)
         from attributed a join matched m on m.link_id = a.link_id and m.click_id = a.click_id
        group by 1, 2, 3, 4 order by 1, 2, 3, 4
       on conflict (tenant_id, link_id, day, target_id) do update set conversations = d.conversations + excluded.conversations
     )
     -- The roll-up's insert runs whether or not it is read (a data-modifying WITH always does).
     select a.link_id::text, a.click_id::text, a.target_id::text, a.number_id::text, a.conversation_id::text,
            a.contact_id::text, a.new_conversation, a.clicked_at, l.order_share_id::text
       from attributed a join link l on l.tenant_id = $1 and l.id = a.link_id`,
    [
      tenantId,
      seen.map((s) => s.conversationId),
      seen.map((s) => s.numberId),
      seen.map((s) => s.contactId),
      seen.map((s) => s.ref),
      seen.map((s) => s.fresh),
    ],
  );
  return rows;
}
