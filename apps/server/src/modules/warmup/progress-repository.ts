import type { WarmupDay, WarmupNumberDay } from '@ws/contract';
import type { Db } from '../../platform/db/pool.js';

/**
 * Planned against actual, read from roll-ups only: the portfolio's unique users per day from
 * portfolio_daily_reach (0022), each number's sent messages per day from number_daily_count (0004),
 * and the hourly snapshots of quality and tier (warmup_number_day).
 */

/** The portfolio's unique users of the plan day `d`, summed over the roll-up's buckets (0035). */
const REACHED_THAT_DAY = `select sum(b.reached)::int as reached from portfolio_daily_reach b
  where b.tenant_id = p.tenant_id and b.portfolio_id = p.portfolio_id and b.day = d.day`;

/** Each plan's target for the day and what its portfolio reached so far that day. */
export async function selectDayProgress(
  db: Db,
  tenantId: string,
  planIds: string[],
  day: string,
): Promise<{ plan_id: string; target: number; reached: number }[]> {
  const { rows } = await db.query<{ plan_id: string; target: number; reached: number }>(
    `select d.plan_id::text, d.target, coalesce(r.reached, 0) as reached
       from warmup_plan_day d
       join warmup_plan p on p.tenant_id = d.tenant_id and p.id = d.plan_id
       left join lateral (${REACHED_THAT_DAY}) r on true
      where d.tenant_id = $1 and d.plan_id = any($2::bigint[]) and d.day = $3::date`,
    [tenantId, planIds, day],
  );
  return rows;
}

/**
 * The plan's days with what was reached and sent; days after `today` have neither yet. Sent is the
 * plan's numbers' (as they are now) accepted messages.
 */
export async function selectPlanDays(db: Db, tenantId: string, planId: string, today: string): Promise<WarmupDay[]> {
  const { rows } = await db.query<WarmupDay>(
    `select to_char(d.day, 'YYYY-MM-DD') as day, d.tier, d.target,
            case when d.day <= $3::date then coalesce(r.reached, 0) end as reached,
            case when d.day <= $3::date then coalesce(s.sent, 0)::int end as sent
       from warmup_plan_day d
       join warmup_plan p on p.tenant_id = d.tenant_id and p.id = d.plan_id
       left join lateral (${REACHED_THAT_DAY}) r on true
       left join lateral (
         select sum(c.sent) as sent from warmup_plan_number m
           join number_daily_count c on c.tenant_id = m.tenant_id and c.number_id = m.number_id and c.day = d.day
          where m.tenant_id = d.tenant_id and m.plan_id = d.plan_id) s on true
      where d.tenant_id = $1 and d.plan_id = $2
      order by d.day`,
    [tenantId, planId, today],
  );
  return rows;
}

/** Each number's snapshotted days with what it sent that day. */
export async function selectNumberDays(db: Db, tenantId: string, planId: string): Promise<WarmupNumberDay[]> {
  const { rows } = await db.query<WarmupNumberDay>(
    `select s.number_id::text, to_char(s.day, 'YYYY-MM-DD') as day, s.share, coalesce(c.sent, 0) as sent,
            s.quality_rating, s.messaging_limit_tier, s.throughput_per_second, s.paused
       from warmup_number_day s
       left join number_daily_count c on c.tenant_id = s.tenant_id and c.number_id = s.number_id and c.day = s.day
      where s.tenant_id = $1 and s.plan_id = $2
      order by s.day, s.number_id`,
    [tenantId, planId],
  );
  return rows;
}

export interface NumberSnapshot {
  numberId: string;
  share: number;
  quality: string;
  tier: string | null;
  throughput: number;
  paused: boolean;
}

/** Saves the numbers' state for the day (a later snapshot of the same day replaces it). */
export async function upsertNumberDays(
  db: Db,
  tenantId: string,
  planId: string,
  day: string,
  snapshots: NumberSnapshot[],
): Promise<void> {
  await db.query(
    `insert into warmup_number_day (tenant_id, plan_id, day, number_id, share, quality_rating, messaging_limit_tier,
                                    throughput_per_second, paused)
     select $1, $2, $3::date, s.number_id, s.share, s.quality, s.tier, s.throughput, s.paused
       from unnest($4::bigint[], $5::int[], $6::text[], $7::text[], $8::int[], $9::boolean[])
            s (number_id, share, quality, tier, throughput, paused)
     on conflict (tenant_id, plan_id, day, number_id) do update
       set share = excluded.share, quality_rating = excluded.quality_rating,
           messaging_limit_tier = excluded.messaging_limit_tier,
           throughput_per_second = excluded.throughput_per_second, paused = excluded.paused`,
    [
      tenantId,
      planId,
      day,
      snapshots.map((s) => s.numberId),
      snapshots.map((s) => s.share),
      snapshots.map((s) => s.quality),
      snapshots.map((s) => s.tier),
      snapshots.map((s) => s.throughput),
      snapshots.map((s) => s.paused),
    ],
  );
}

/** Removes a day's snapshots of numbers no longer in the plan. */
export async function deleteNumberDaysExcept(
  db: Db,
  tenantId: string,
  planId: string,
  day: string,
  numberIds: string[],
): Promise<void> {
  await db.query(
    `delete from warmup_number_day
      where tenant_id = $1 and plan_id = $2 and day = $3::date and number_id <> all($4::bigint[])`,
    [tenantId, planId, day, numberIds],
  );
}

/** The day's planned target of each live plan over a live number among `numberIds` (the latest day up to `day`). */
export interface CapRow {
  number_id: string;
  status: 'active' | 'paused';
  prefer_engaged: boolean;
  target: number;
  members: number;
  quality_rating: string;
  paused: boolean;
  sent: number;
}

export async function selectCapRows(
  db: Db,
  tenantId: string,
  numberIds: readonly string[],
  day: string,
): Promise<CapRow[]> {
  const { rows } = await db.query<CapRow>(
    `select m.number_id::text, p.status, p.prefer_engaged, coalesce(t.target, 0) as target,
            (select count(*)::int from warmup_plan_number o join wa_number x on x.tenant_id = o.tenant_id and x.id = o.number_id
              where o.tenant_id = p.tenant_id and o.plan_id = p.id and x.deleted_at is null) as members,
            n.quality_rating, n.paused_at is not null as paused, coalesce(c.sent, 0) as sent
       from warmup_plan_number m
       join warmup_plan p on p.tenant_id = m.tenant_id and p.id = m.plan_id
       join wa_number n on n.tenant_id = m.tenant_id and n.id = m.number_id
       left join lateral (
         select d.target from warmup_plan_day d
          where d.tenant_id = p.tenant_id and d.plan_id = p.id and d.day <= $3::date
          order by d.day desc limit 1) t on true
       left join number_daily_count c on c.tenant_id = m.tenant_id and c.number_id = m.number_id and c.day = $3::date
      where m.tenant_id = $1 and m.number_id = any($2::bigint[]) and n.deleted_at is null
        and p.deleted_at is null and p.status in ('active', 'paused') and p.start_date <= $3::date`,
    [tenantId, numberIds, day],
  );
  return rows;
}
