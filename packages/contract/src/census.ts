import { z } from 'zod';
import { Id } from './auth.js';
import { defineCall } from './call.js';
import { envelopeOf } from './envelope.js';

/** The longest range the statistics screen shows at once, in days (both ends included). */
export const MAX_CENSUS_DAYS = 366;
const DAY_MS = 86_400_000;

/** A calendar day `YYYY-MM-DD` (UTC, as the roll-ups count days). */
export const CalendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
  .refine((day) => {
    const parsed = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(day);
  }, 'must be a real date');

/** Days from `from` to `to`, both included. */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

export const CensusRange = z
  .object({
    from: CalendarDay,
    to: CalendarDay,
    /** Only the contacts of this number. */
    numberId: Id.optional(),
  })
  .superRefine((range, context) => {
    const days = daysBetween(range.from, range.to);
    if (days < 1) context.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
    else if (days > MAX_CENSUS_DAYS) {
      context.addIssue({ code: 'custom', path: ['to'], message: `must be at most ${MAX_CENSUS_DAYS} days after from` });
    }
  });
export type CensusRange = z.infer<typeof CensusRange>;

const Counts = { created: z.number().int(), opted_out: z.number().int() };

export const CensusDay = z.object({ day: z.string(), ...Counts });
export const CensusByNumber = z.object({
  /** null: contacts that belong to no number. */
  number_id: Id.nullable(),
  phone: z.string(),
  ...Counts,
});
export const CensusBySource = z.object({
  /** The opt-in source; `inbound` for contacts who wrote first without recorded consent. */
  source: z.string(),
  ...Counts,
});
/** The most numbers the per-number breakdown lists (the busiest first). */
export const CENSUS_TOP_NUMBERS = 20;

export const CensusData = z.object({
  /** Every day of the range, oldest first, zeros included. */
  days: z.array(CensusDay),
  by_number: z.array(CensusByNumber),
  by_source: z.array(CensusBySource),
});
export type CensusData = z.infer<typeof CensusData>;

export const CensusTotalRequest = z.object({ numberId: Id.optional() });

export const CensusTotals = z.object({
  /** Live contacts (not deleted). */
  contacts: z.number().int(),
  opted_in: z.number().int(),
  opted_out: z.number().int(),
  /** Neither opted in nor out. */
  none: z.number().int(),
  /** New contacts today and since Monday (UTC days). */
  new_today: z.number().int(),
  new_this_week: z.number().int(),
  /** Contacts who wrote in the last 24 hours: free-form replies are possible. */
  window_open: z.number().int(),
});
export type CensusTotals = z.infer<typeof CensusTotals>;

const access = ['admin', 'operator'] as const;

export const censusCalls = {
  censusData: defineCall({
    id: 'census.data',
    method: 'POST',
    path: '/api/census/data',
    tag: 'census',
    summary: 'New contacts and opt-outs per day of a range, by number and by source',
    access,
    kind: 'read',
    body: CensusRange,
    reply: envelopeOf(CensusData),
  }),
  censusTotal: defineCall({
    id: 'census.total',
    method: 'POST',
    path: '/api/census/total',
    tag: 'census',
    summary: 'Contact totals now: consent breakdown, new today and this week, open service windows',
    access,
    kind: 'read',
    body: CensusTotalRequest,
    reply: envelopeOf(CensusTotals),
  }),
  censusExport: defineCall({
    id: 'census.export',
    method: 'POST',
    path: '/api/census/export',
    tag: 'census',
    summary: 'The range as CSV (UTF-8 with BOM): one row per day and source, zeros included',
    access,
    kind: 'read',
    body: CensusRange,
    file: { contentType: 'text/csv; charset=utf-8' },
    reply: z.string().describe('CSV with a header row'),
  }),
} as const;
