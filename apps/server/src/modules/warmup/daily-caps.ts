import { numberShare } from '@ws/contract';
import type { Db } from '../../platform/db/pool.js';
import { type CapRow, selectCapRows } from './progress-repository.js';
import { utcToday } from './schedule-plan.js';

const remainingOf = (row: CapRow) =>
  row.status === 'paused'
    ? 0
    : Math.max(0, numberShare(row.target, row.members, row.quality_rating, row.paused) - row.sent);

/**
 * For each number of `numberIds` in a live warm-up plan that has started: how many more marketing
 * messages it may send today (UTC), its share of the plan's target for the day less what it sent
 * today (number_daily_count). A YELLOW number gets half its share, a RED or paused one nothing, and
 * a paused plan holds all its numbers; a number that recovers gets its share back at once. Numbers
 * in no plan are absent. The campaign dispatcher calls it (decision 0013, item 8; decision 0014).
 */
export async function remainingDailyCaps(
  db: Db,
  tenantId: string,
  numberIds: string[],
  today: string = utcToday(),
): Promise<Map<string, number>> {
  return (await warmupLimits(db, tenantId, numberIds, today)).caps;
}

/**
 * The numbers of `numberIds` whose live plan prefers engaged recipients (whose contact wrote to
 * the tenant within 30 days): the campaign dispatcher spends their cap on those first.
 */
export async function numbersPreferringEngaged(
  db: Db,
  tenantId: string,
  numberIds: string[],
  today: string = utcToday(),
): Promise<Set<string>> {
  return (await warmupLimits(db, tenantId, numberIds, today)).preferEngaged;
}

/** `remainingDailyCaps` and `numbersPreferringEngaged` from one query: the dispatcher's step needs both. */
export async function warmupLimits(
  db: Db,
  tenantId: string,
  numberIds: string[],
  today: string = utcToday(),
): Promise<{ caps: Map<string, number>; preferEngaged: Set<string> }> {
  if (numberIds.length === 0) return { caps: new Map(), preferEngaged: new Set() };
  const rows = await selectCapRows(db, tenantId, numberIds, today);
  return {
    caps: new Map(rows.map((row) => [row.number_id, remainingOf(row)])),
    preferEngaged: new Set(rows.filter((row) => row.prefer_engaged).map((row) => row.number_id)),
  };
}
