import { CENSUS_TOP_NUMBERS, type CensusData, type CensusRange, type CensusTotals } from '@ws/contract';
import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { numberExists, phonesOf, rangeGroups, totals } from './census-repository.js';

const DAY_MS = 86_400_000;

/** Every day from `from` to `to`, both included, as YYYY-MM-DD. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += DAY_MS) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  return days;
}

/** A number filter naming a number the caller's tenant does not have is a 404, whoever owns it. */
export async function checkNumber(context: AppContext, caller: Principal, numberId: string | undefined) {
  if (numberId !== undefined && !(await numberExists(context.pool, caller.tenantId, numberId))) {
    throw errors.notFound({ zh: 'numberId: 号码', en: 'numberId: Number' });
  }
}

const byBusiest = (a: { created: number; optedOut: number }, b: { created: number; optedOut: number }) =>
  b.created - a.created || b.optedOut - a.optedOut;

/** New contacts and opt-outs of a range: every day (zeros included), the busiest numbers, every source. */
export async function censusData(context: AppContext, caller: Principal, range: CensusRange): Promise<CensusData> {
  await checkNumber(context, caller, range.numberId);
  const groups = await rangeGroups(context.pool, caller.tenantId, range);
  const perDay = new Map<string, { created: number; optedOut: number }>();
  const numbers: { numberId: string; created: number; optedOut: number }[] = [];
  const bySource: CensusData['bySource'] = [];
  for (const row of groups) {
    const counts = { created: row.created, optedOut: row.opted_out };
    if (row.grouped_by === 'day') perDay.set(row.day as string, counts);
    else if (row.grouped_by === 'number') numbers.push({ numberId: row.number_id as string, ...counts });
    else bySource.push({ source: row.source as string, ...counts });
  }
  const top = numbers.sort(byBusiest).slice(0, CENSUS_TOP_NUMBERS);
  const phones = await phonesOf(
    context.pool,
    caller.tenantId,
    top.map((entry) => entry.numberId).filter((id) => id !== '0'),
  );
  return {
    days: daysOf(range.from, range.to).map((day) => ({ day, ...(perDay.get(day) ?? { created: 0, optedOut: 0 }) })),
    // Number 0 holds the contacts of no number; a purged number keeps its statistics without a phone.
    byNumber: top.map((entry) => ({
      ...entry,
      numberId: entry.numberId === '0' ? null : entry.numberId,
      phone: phones.get(entry.numberId) ?? '',
    })),
    bySource: bySource.sort(byBusiest),
  };
}

export async function censusTotals(
  context: AppContext,
  caller: Principal,
  numberId: string | undefined,
): Promise<CensusTotals> {
  await checkNumber(context, caller, numberId);
  const row = await totals(context.pool, caller.tenantId, numberId);
  return {
    contacts: row.contacts,
    optedIn: row.opted_in,
    optedOut: row.opted_out,
    none: row.none,
    newToday: row.new_today,
    newThisWeek: row.new_this_week,
    windowOpen: row.window_open,
  };
}
