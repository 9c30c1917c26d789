/** The click log and the per-day roll-up as the owner reads them (`link/details`, `link/clicks`, `link/down`). */
import type { LinkClick } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { Db } from '../../platform/db/pool.js';
import { isoTime } from '../../platform/db/sql-time.js';
import { BoundValues } from '../../platform/db/sql-values.js';

export interface DayRow {
  day: string;
  target_id: string | null;
  human_clicks: number;
  bot_clicks: number;
  conversations: number;
}

/** The link's roll-up rows of its tenant's last `days` days (today included). */
export async function selectLinkDays(db: Db, scope: Scope, linkId: string, days: number): Promise<DayRow[]> {
  const { rows } = await db.query<DayRow>(
    `select to_char(d.day, 'YYYY-MM-DD') as day, nullif(d.target_id, 0)::text as target_id,
            d.human_clicks, d.bot_clicks, d.conversations
       from link_day d join tenant t on t.id = d.tenant_id
      where d.tenant_id = $1 and d.link_id = $2
        and d.day > (now() at time zone t.time_zone)::date - $3::int
      order by d.day, d.target_id`,
    [scope.tenantId, linkId, days],
  );
  return rows;
}

/** Phones of targets that are gone from the link but still have counts. */
export async function selectTargetPhones(db: Db, scope: Scope, linkId: string, targetIds: readonly string[]) {
  if (targetIds.length === 0) return new Map<string, { number_id: string; phone: string }>();
  const { rows } = await db.query<{ id: string; number_id: string; phone: string }>(
    `select c.target_id::text as id, c.number_id::text, n.phone
       from (select distinct on (target_id) target_id, number_id from link_click
              where tenant_id = $1 and link_id = $3 and target_id = any($2::bigint[]) order by target_id, id desc) c
       join wa_number n on n.tenant_id = $1 and n.id = c.number_id`,
    [scope.tenantId, targetIds, linkId],
  );
  return new Map(rows.map((row) => [row.id, row]));
}

export interface ClickFilter {
  bot?: boolean | null | undefined;
  targetId?: string | null | undefined;
}

function clickWhere(scope: Scope, sql: BoundValues, linkId: string, filter: ClickFilter): string {
  const where = [`c.tenant_id = ${sql.add(scope.tenantId, 'text')}`, `c.link_id = ${sql.add(linkId, 'bigint')}`];
  if (filter.bot != null) where.push(`c.bot = ${sql.add(filter.bot, 'boolean')}`);
  if (filter.targetId != null) where.push(`c.target_id = ${sql.add(filter.targetId, 'bigint')}`);
  return where.join(' and ');
}

const CLICK_COLUMNS = `c.id::text, ${isoTime('c.clicked_at')} as clicked_at, c.target_id::text, n.phone, c.choice,
  c.agent_class, c.bot, c.address_hash, c.referrer, c.utm, c.ref,
  (select a.conversation_id::text from link_attribution a
    where a.tenant_id = c.tenant_id and a.link_id = c.link_id and a.click_id = c.id) as conversation_id`;
const CLICK_FROM = 'link_click c left join wa_number n on n.tenant_id = c.tenant_id and n.id = c.number_id';

/** A page of the click log, newest first. */
export async function selectClicks(
  db: Db,
  scope: Scope,
  linkId: string,
  filter: ClickFilter,
  limit: number,
  offset: number,
): Promise<LinkClick[]> {
  const sql = new BoundValues();
  const { rows } = await db.query<LinkClick>(
    `select ${CLICK_COLUMNS} from ${CLICK_FROM} where ${clickWhere(scope, sql, linkId, filter)}
      order by c.id desc limit ${sql.add(limit, 'int')} offset ${sql.add(offset, 'int')}`,
    sql.values,
  );
  return rows;
}

/** How many clicks match, counted up to `cap` + 1. */
export async function countClicks(
  db: Db,
  scope: Scope,
  linkId: string,
  filter: ClickFilter,
  cap: number,
): Promise<number> {
  const sql = new BoundValues();
  const { rows } = await db.query<{ total: number }>(
    `select count(*)::int as total from (select 1 from link_click c where ${clickWhere(scope, sql, linkId, filter)}
      limit ${sql.add(cap + 1, 'int')}) x`,
    sql.values,
  );
  return rows[0]?.total ?? 0;
}

/** Clicks older than `beforeId` (a download's next batch), newest first. */
export async function selectClicksBefore(
  db: Db,
  scope: Scope,
  linkId: string,
  beforeId: string | null,
  limit: number,
): Promise<LinkClick[]> {
  const sql = new BoundValues();
  const where = clickWhere(scope, sql, linkId, {});
  const before = beforeId === null ? '' : ` and c.id < ${sql.add(beforeId, 'bigint')}`;
  const { rows } = await db.query<LinkClick>(
    `select ${CLICK_COLUMNS} from ${CLICK_FROM} where ${where}${before} order by c.id desc limit ${sql.add(limit, 'int')}`,
    sql.values,
  );
  return rows;
}
