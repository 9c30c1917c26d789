import type { LinkRule } from '@ws/contract';
import type { Db } from '../../../platform/db/pool.js';
import { prepared } from '../../../platform/db/pool.js';

export interface StoredLinkState {
  tenant_id: string;
  id: string;
  slug: string;
  name: string;
  message: string;
  rule: LinkRule;
  sticky: boolean;
  time_zone: string;
  /** The tenant's day now, which `targets[].today` counts. */
  day: string;
  targets: {
    id: string;
    number_id: string;
    phone: string;
    weight: number;
    daily_aim: number;
    window_start: number | null;
    window_end: number | null;
    unavailable: boolean;
    today: number;
  }[];
}

/** A live, enabled link by its slug, with its targets in order, their numbers' state and today's counts. */
export async function selectLinkState(db: Db, slug: string): Promise<StoredLinkState | undefined> {
  const { rows } = await db.query<StoredLinkState>(
    prepared(
      `select l.tenant_id, l.id::text, l.slug, l.name, l.message, l.rule, l.sticky, t.time_zone,
              to_char((now() at time zone t.time_zone)::date, 'YYYY-MM-DD') as day,
              coalesce((
                select json_agg(json_build_object(
                         'id', g.id::text, 'number_id', g.number_id::text, 'phone', n.phone, 'weight', g.weight,
                         'daily_aim', g.daily_aim, 'window_start', g.window_start, 'window_end', g.window_end,
                         'unavailable', n.deleted_at is not null or n.paused_at is not null or n.quality_rating = 'RED'
                                        or n.status not in ('CONNECTED', 'FLAGGED'),
                         'today', coalesce(d.human_clicks, 0)) order by g.position, g.id)
                  from link_target g
                  join wa_number n on n.tenant_id = g.tenant_id and n.id = g.number_id
                  left join link_day d on d.tenant_id = g.tenant_id and d.link_id = g.link_id and d.target_id = g.id
                                      and d.day = (now() at time zone t.time_zone)::date
                 where g.tenant_id = l.tenant_id and g.link_id = l.id), '[]') as targets
         from link l join tenant t on t.id = l.tenant_id
        where l.slug = $1 and l.deleted_at is null and l.enabled`,
      [slug],
    ),
  );
  return rows[0];
}
