import { CENSUS_TOP_NUMBERS, type CensusData, type CensusRange, type CensusTotals } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { busiestNumbers, type CountsRow, daySourceRows, numberExists, phonesOf, totals } from './census-repository.js';

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
export async function checkNumber(context: AppContext, caller: Scope, numberId: string | undefined) {
  if (numberId !== undefined && !(await numberExists(context.pool, caller.tenantId, numberId))) {
    throw errors.notFound({ zh: 'numberId: 号码', en: 'numberId: Number' });
  }
}

interface Counts {
  created: number;
  opted_out: number;
}

const addTo = (sums: Map<string, Counts>, key: string, cell: CountsRow) => {
  const sum = sums.get(key) ?? { created: 0, opted_out: 0 };
  sums.set(key, { created: sum.created + cell.created, opted_out: sum.opted_out + cell.opted_out });
};

/** New contacts and opt-outs of a range: every day (zeros included), the busiest numbers, every source. */
export async function censusData(context: AppContext, caller: Scope, range: CensusRange): Promise<CensusData> {
  await checkNumber(context, caller, range.numberId);
  const [cells, top] = await Promise.all([
    daySourceRows(context.pool, caller.tenantId, range),
    busiestNumbers(context.pool, caller.tenantId, range, CENSUS_TOP_NUMBERS),
  ]);
  const perDay = new Map<string, Counts>();
  const perSource = new Map<string, Counts>();
  for (const cell of cells) {
    addTo(perDay, cell.day, cell);
    addTo(perSource, cell.source, cell);
  }
  const bySource = [...perSource].map(([source, counts]) => ({ source, ...counts }));
  const phones = await phonesOf(
    context.pool,
    caller.tenantId,
    top.map((entry) => entry.number_id).filter((id) => id !== '0'),
  );
  return {
    days: daysOf(range.from, range.to).map((day) => ({ day, ...(perDay.get(day) ?? { created: 0, opted_out: 0 }) })),
    // Number 0 holds the contacts of no number; a purged number keeps its statistics without a phone.
    by_number: top.map((entry) => ({
      number_id: entry.number_id === '0' ? null : entry.number_id,
      phone: phones.get(entry.number_id) ?? '',
      created: entry.created,
      opted_out: entry.opted_out,
    })),
    by_source: bySource.sort(
      (a, b) => b.created - a.created || b.opted_out - a.opted_out || a.source.localeCompare(b.source),
    ),
  };
}

export async function censusTotals(
  context: AppContext,
  caller: Scope,
  numberId: string | undefined,
): Promise<CensusTotals> {
  await checkNumber(context, caller, numberId);
  const row = await totals(context.pool, caller.tenantId, numberId);
  return {
    contacts: row.contacts,
    opted_in: row.opted_in,
    opted_out: row.opted_out,
    none: row.none,
    new_today: row.new_today,
    new_this_week: row.new_this_week,
    window_open: row.window_open,
  };
}
