import { z } from 'zod';

/**
 * Meta's per-message pricing: a message is priced by its category and the recipient's market.
 * Service is a non-template message (free-form text), which Meta charges again from 2026-10-01;
 * authentication-international applies only where Meta publishes such a rate. Amounts are integer
 * micro-units (1 USD = 1 000 000), never floating point.
 */
export const PriceCategory = z.enum([
  'marketing',
  'utility',
  'authentication',
  'authentication_international',
  'service',
]);
export type PriceCategory = z.infer<typeof PriceCategory>;

export const MICROS_PER_UNIT = 1_000_000;

const Micros = z.number().int().nonnegative();

/** One country's recipients priced at its market's rate (list price: the first volume tier). */
export const CostLine = z.object({
  country: z.string(),
  market: z.string(),
  category: PriceCategory,
  recipients: z.number().int(),
  unit_micros: Micros,
  subtotal_micros: Micros,
});
export type CostLine = z.infer<typeof CostLine>;

/**
 * The estimated Meta charges of a campaign before it starts: an upper bound at the price book's
 * list prices (volume tiers and free entry-point windows only lower it), and Meta decides the
 * real charge. Free-form text is priced as a service message.
 */
export const CampaignCost = z.object({
  currency: z.literal('USD'),
  /** The category the content is priced at (service for free-form text). */
  category: PriceCategory,
  lines: z.array(CostLine),
  total_micros: Micros,
  /** The newest price-book date among the rates used (YYYY-MM-DD); null when none applied. */
  effective_from: z.string().nullable(),
  /** Recipients whose number has no known country, or whose market the price book has no rate for. */
  unpriced: z.array(z.object({ country: z.string(), market: z.string().nullable(), recipients: z.number().int() })),
  unpriced_recipients: z.number().int(),
});
export type CampaignCost = z.infer<typeof CampaignCost>;

/**
 * A decimal amount ("0.0107") in micro-units, rounded half up at the sixth decimal; null for
 * anything but a plain non-negative decimal. Parsed from the digits, never through a float.
 */
export function microsOf(decimal: string): number | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(decimal.trim());
  if (!match) return null;
  const whole = match[1] as string;
  const fraction = (match[2] ?? '').padEnd(7, '0');
  const micros = BigInt(whole) * BigInt(MICROS_PER_UNIT) + BigInt(fraction.slice(0, 6));
  const rounded = Number(fraction[6]) >= 5 ? micros + 1n : micros;
  return rounded <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(rounded) : null;
}

/** Micro-units as a decimal with `decimals` places (0–6), rounded half up: 12 345 678 → "12.35". */
export function formatMicros(micros: number, decimals: number): string {
  const step = 10 ** (6 - decimals);
  const rounded = Math.floor((micros + step / 2) / step);
  const whole = Math.floor(rounded / 10 ** decimals);
  const fraction = String(rounded % 10 ** decimals).padStart(decimals, '0');
  return decimals === 0 ? String(whole) : `${whole}.${fraction}`;
}

/** A calendar day as calls take it (UTC): YYYY-MM-DD. */
export const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD');

/** A money amount as typed: a positive decimal with at most 6 places, in micro-units. */
export const MoneyAmount = z
  .string()
  .trim()
  .transform((text, context) => {
    const micros = /^\d+(\.\d{1,6})?$/.test(text) ? microsOf(text) : null;
    if (micros === null || micros <= 0) {
      context.addIssue({ code: 'custom', message: 'must be a positive amount like 10.50' });
      return z.NEVER;
    }
    return micros;
  });
/** A money amount as typed, zero allowed. */
export const MoneyAmountOrZero = MoneyAmount.or(z.literal('0').transform(() => 0));

/** One rate of the price book (date-effective; a change is a new row with a later date). */
export const PriceRate = z.object({
  market: z.string(),
  category: PriceCategory,
  effective_from: z.string(),
  unit_micros: z.number().int(),
  source: z.string(),
});
export type PriceRate = z.infer<typeof PriceRate>;
export const NewPriceRate = z.object({
  market: z.string().trim().min(1).max(64),
  category: PriceCategory,
  effectiveFrom: Day,
  unitPrice: MoneyAmountOrZero,
  source: z.string().trim().min(1).max(255),
});
export const PriceMarket = z.object({
  country: z.string(),
  market: z.string(),
  effective_from: z.string(),
  source: z.string(),
});
export const NewPriceMarket = z.object({
  country: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}$/, 'must be an ISO country code like DE'),
  market: z.string().trim().min(1).max(64),
  effectiveFrom: Day,
  source: z.string().trim().min(1).max(255),
});
export const PriceBook = z.object({ rates: z.array(PriceRate), markets: z.array(PriceMarket) });
