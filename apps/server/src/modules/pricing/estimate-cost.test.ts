import { describe, expect, it } from 'vitest';
import { estimateCost, priceCategoryOf, ratesNeeded } from './estimate-cost.js';
import type { CountryPrice } from './price-book-repository.js';

// Test figures, not Meta's rates.
const prices: CountryPrice[] = [
  {
    country: 'IN',
    market: 'IN',
    rates: {
      marketing: { unitMicros: 12_345, effectiveFrom: '2026-10-01' },
      authentication: { unitMicros: 1_000, effectiveFrom: '2026-07-01' },
      authentication_international: { unitMicros: 30_000, effectiveFrom: '2026-07-01' },
    },
  },
  { country: 'AT', market: 'Region West', rates: { marketing: { unitMicros: 61_700, effectiveFrom: '2026-07-01' } } },
  { country: 'FR', market: 'FR', rates: {} },
];

describe('estimateCost', () => {
  it('prices each country at its market rate in exact micro-units, and sums them', () => {
    const cost = estimateCost(
      [
        { country: 'IN', recipients: 1_000_003 },
        { country: 'AT', recipients: 7 },
      ],
      'marketing',
      prices,
    );
    expect(cost.lines).toEqual([
      {
        country: 'IN',
        market: 'IN',
        category: 'marketing',
        recipients: 1_000_003,
        unit_micros: 12_345,
        subtotal_micros: 12_345_037_035,
      },
      {
        country: 'AT',
        market: 'Region West',
        category: 'marketing',
        recipients: 7,
        unit_micros: 61_700,
        subtotal_micros: 431_900,
      },
    ]);
    expect(cost.total_micros).toBe(12_345_468_935);
    expect(cost.effective_from).toBe('2026-10-01');
    expect(cost).toMatchObject({ currency: 'USD', category: 'marketing', unpriced: [], unpriced_recipients: 0 });
  });

  it('counts an unknown country and a market without a rate apart', () => {
    const cost = estimateCost(
      [
        { country: 'FR', recipients: 3 },
        { country: 'ZZ', recipients: 2 },
        { country: 'BR', recipients: 1 },
        { country: 'IN', recipients: 1 },
      ],
      'marketing',
      prices,
    );
    expect(cost.lines.map((line) => line.country)).toEqual(['IN']);
    expect(cost.unpriced).toEqual([
      { country: 'FR', market: 'FR', recipients: 3 },
      { country: 'ZZ', market: null, recipients: 2 },
      { country: 'BR', market: null, recipients: 1 },
    ]);
    expect(cost.unpriced_recipients).toBe(6);
    expect(cost.total_micros).toBe(12_345);
  });

  it('prices authentication at the international rate where the market has one (an upper bound)', () => {
    const cost = estimateCost([{ country: 'IN', recipients: 2 }], 'authentication', prices);
    expect(cost.lines[0]).toMatchObject({
      category: 'authentication_international',
      unit_micros: 30_000,
      subtotal_micros: 60_000,
    });
  });

  it('prices free-form text as service messages, unpriced where the book has no service rate', () => {
    const withService: CountryPrice[] = [
      { country: 'IN', market: 'IN', rates: { service: { unitMicros: 1_100, effectiveFrom: '2026-10-01' } } },
    ];
    const cost = estimateCost(
      [
        { country: 'IN', recipients: 5 },
        { country: 'AT', recipients: 1 },
      ],
      'service',
      withService,
    );
    expect(cost).toEqual({
      currency: 'USD',
      category: 'service',
      lines: [
        { country: 'IN', market: 'IN', category: 'service', recipients: 5, unit_micros: 1_100, subtotal_micros: 5_500 },
      ],
      total_micros: 5_500,
      effective_from: '2026-10-01',
      unpriced: [{ country: 'AT', market: null, recipients: 1 }],
      unpriced_recipients: 1,
    });
  });

  it('refuses a total past the safe integer range rather than round it', () => {
    expect(() => estimateCost([{ country: 'IN', recipients: 2 ** 50 }], 'marketing', prices)).toThrow(RangeError);
  });
});

describe('priceCategoryOf and ratesNeeded', () => {
  it("maps Meta's template categories, free-form text to service", () => {
    expect(priceCategoryOf('MARKETING')).toBe('marketing');
    expect(priceCategoryOf('UTILITY')).toBe('utility');
    expect(priceCategoryOf('AUTHENTICATION')).toBe('authentication');
    expect(priceCategoryOf(null)).toBe('service');
    expect(ratesNeeded('authentication')).toEqual(['authentication', 'authentication_international']);
    expect(ratesNeeded('service')).toEqual(['service']);
  });
});
