import {
  type CampaignKind,
  type CampaignStatus,
  HOME_LIST_SIZE,
  LIST_COUNT_CAP,
  PRESENCE_TIMEOUT_SECONDS,
} from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { type Db, prepared } from '../../platform/db/pool.js';
import { onlineNow } from '../inbox/assignment/assignment-repository.js';

/**
 * The dashboard's figures of what is moving: the portfolios' messaging limits used today
 * (portfolio_daily_reach, 0022/0035: per portfolio, UTC day and bucket), the campaigns under way
 * (a tenant's campaigns are thousands, not millions), the agents online (agent_presence) and the
 * conversations waiting in the queue (conversation_queue_recent_idx, counted up to a cap).
 */

export interface PortfolioRow {
  id: string;
  name: string;
  messaging_limit: number | null;
  reached_today: number;
  numbers: number;
}

/**
 * How many portfolios and how many have a limit, and the busiest HOME_LIST_SIZE by share of their
 * limit used today (unlimited ones after, by contacts reached); the numbers of those few only.
 */
export async function portfolioUse(db: Db, scope: Scope) {
  const today = `(now() at time zone 'UTC')::date`;
  const [totals, busiest] = await Promise.all([
    db.query<{ total: number; limited: number }>(
      prepared(
        `select count(*)::int as total, count(messaging_limit)::int as limited from wa_portfolio where tenant_id = $1`,
        [scope.tenantId],
      ),
    ),
    db.query<PortfolioRow>(
      prepared(
        `with used as (
           select portfolio_id, sum(reached)::int as reached from portfolio_daily_reach
            where tenant_id = $1 and day = ${today} group by portfolio_id),
         top as (
           select p.id, p.name, p.messaging_limit, coalesce(u.reached, 0) as reached_today
             from wa_portfolio p left join used u on u.portfolio_id = p.id
            where p.tenant_id = $1
            order by coalesce(u.reached, 0)::float8 / p.messaging_limit desc nulls last, coalesce(u.reached, 0) desc, p.id
            limit ${HOME_LIST_SIZE})
         select top.id::text, top.name, top.messaging_limit, top.reached_today,
                (select count(*)::int from wa_business_account b
                   join wa_number n on n.tenant_id = b.tenant_id and n.waba_ref = b.id and n.deleted_at is null
                  where b.tenant_id = $1 and b.portfolio_id = top.id) as numbers
           from top order by top.reached_today::float8 / top.messaging_limit desc nulls last, top.reached_today desc, top.id`,
        [scope.tenantId],
      ),
    ),
  ]);
  return { ...(totals.rows[0] as { total: number; limited: number }), busiest: busiest.rows };
}

const MOVING = `('scheduled', 'starting', 'running', 'paused', 'held')`;

export interface MovingCampaignRow {
  id: string;
  kind: CampaignKind;
  name: string;
  status: CampaignStatus;
  recipients: number;
}

/** Campaigns under way (scheduled to held): how many, and the newest HOME_LIST_SIZE. */
export async function movingCampaigns(db: Db, scope: Scope) {
  const [counted, latest] = await Promise.all([
    db.query<{ n: number }>(
      prepared(
        `select count(*)::int as n from campaign where tenant_id = $1 and deleted_at is null and status in ${MOVING}`,
        [scope.tenantId],
      ),
    ),
    db.query<MovingCampaignRow>(
      prepared(
        `select id::text, kind, name, status, recipients::float8 as recipients from campaign
          where tenant_id = $1 and deleted_at is null and status in ${MOVING}
          order by id desc limit ${HOME_LIST_SIZE}`,
        [scope.tenantId],
      ),
    ),
  ]);
  return { moving: counted.rows[0]?.n ?? 0, latest: latest.rows };
}

/** Agents (seats) and those online now; conversations waiting unassigned, counted up to LIST_COUNT_CAP + 1. */
export async function inboxFigures(db: Db, scope: Scope) {
  const { rows } = await db.query<{ agents: number; online: number; waiting: number }>(
    prepared(
      `select (select count(*)::int from app_user u join role r on r.id = u.role_id
                where u.tenant_id = $1 and r.code = 'seat') as agents,
              (select count(*)::int from agent_presence p
                where p.tenant_id = $1 and ${onlineNow('p', '$2::int')}) as online,
              (select count(*)::int from (select 1 from conversation
                where tenant_id = $1 and assignee_user_id is null and status = 'open' limit $3::int) w) as waiting`,
      [scope.tenantId, PRESENCE_TIMEOUT_SECONDS, LIST_COUNT_CAP + 1],
    ),
  );
  return rows[0] as { agents: number; online: number; waiting: number };
}
