import { LIST_COUNT_CAP, type LinkDetails } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { Db } from '../../platform/db/pool.js';
import { cappedPage } from '../../platform/http/capped-page.js';
import {
  type ClickFilter,
  countClicks,
  selectClicks,
  selectLinkDays,
  selectTargetPhones,
} from './click-log-repository.js';
import { linkOf } from './link-queries.js';
import { localClock } from './tenant-clock.js';

const rate = (conversations: number, clicks: number) =>
  clicks > 0 ? Math.round((conversations / clicks) * 10_000) / 10_000 : 0;

/** The tenant's last `count` days, oldest first. */
function lastDays(timeZone: string, count: number): string[] {
  const today = localClock(timeZone, new Date()).day;
  const start = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) =>
    new Date(start - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

/** `link/details`: counts per target and per day from the roll-up (the log is never counted). */
export async function linkDetails(db: Db, scope: Scope, request: { id: string; days: number }): Promise<LinkDetails> {
  const link = await linkOf(db, scope, request.id);
  const rows = await selectLinkDays(db, scope, link.id, request.days);
  const perTarget = new Map<string | null, { human_clicks: number; bot_clicks: number; conversations: number }>();
  for (const target of link.targets) perTarget.set(target.id, { human_clicks: 0, bot_clicks: 0, conversations: 0 });
  for (const row of rows) {
    const sums = perTarget.get(row.target_id) ?? { human_clicks: 0, bot_clicks: 0, conversations: 0 };
    sums.human_clicks += row.human_clicks;
    sums.bot_clicks += row.bot_clicks;
    sums.conversations += row.conversations;
    perTarget.set(row.target_id, sums);
  }
  const known = new Map(
    link.targets.map((target) => [target.id, { number_id: target.number_id, phone: target.phone }]),
  );
  const gone = [...perTarget.keys()].filter((id): id is string => id !== null && !known.has(id));
  const former = await selectTargetPhones(db, scope, link.id, gone);
  const totals = { human_clicks: 0, bot_clicks: 0, conversations: 0 };
  for (const sums of perTarget.values()) {
    totals.human_clicks += sums.human_clicks;
    totals.bot_clicks += sums.bot_clicks;
    totals.conversations += sums.conversations;
  }
  return {
    link,
    days: lastDays(link.time_zone, request.days),
    totals: { ...totals, conversion_rate: rate(totals.conversations, totals.human_clicks) },
    per_target: [...perTarget].map(([targetId, sums]) => {
      const number = targetId === null ? undefined : (known.get(targetId) ?? former.get(targetId));
      return {
        target_id: targetId,
        number_id: number?.number_id ?? null,
        phone: number?.phone ?? '',
        ...sums,
        conversion_rate: rate(sums.conversations, sums.human_clicks),
      };
    }),
    per_day: rows,
  };
}

/** `link/clicks`: the click log, newest first, counted up to the cap. */
export async function listClicks(
  db: Db,
  scope: Scope,
  request: { linkId: string; page: number; pageSize: number; filters: ClickFilter },
) {
  const link = await linkOf(db, scope, request.linkId, 'linkId');
  return cappedPage(
    request,
    (cap) => countClicks(db, scope, link.id, request.filters, Math.max(cap, LIST_COUNT_CAP)),
    (limit, offset) => selectClicks(db, scope, link.id, request.filters, limit, offset),
  );
}
