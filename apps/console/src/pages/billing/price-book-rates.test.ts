import type { PriceRate } from '@ws/contract';
import { describe, expect, it } from 'vitest';
import { ratesWithState } from './price-book-rates.js';

const rate = (market: string, category: PriceRate['category'], from: string, micros: number): PriceRate => ({
  market,
  category,
  effective_from: from,
  unit_micros: micros,
  source: 'test',
});

describe('the price book’s states', () => {
  it('marks per market and category the rate in effect today, the replaced ones and the scheduled ones', () => {
    const book = [
      rate('ES', 'marketing', '2027-01-01', 70_000),
      rate('ES', 'marketing', '2026-07-01', 61_000),
      rate('ES', 'marketing', '2025-01-01', 58_000),
      rate('ES', 'utility', '2025-01-01', 20_000),
      rate('DE', 'marketing', '2026-11-26', 136_500),
    ];
    expect(ratesWithState(book, '2026-11-26').map((r) => r.state)).toEqual([
      'scheduled',
      'in_effect',
      'replaced',
      'in_effect',
      'in_effect',
    ]);
    // Before its first day a market has nothing in effect.
    expect(ratesWithState(book, '2024-12-31').map((r) => r.state)).toEqual([
      'scheduled',
      'scheduled',
      'scheduled',
      'scheduled',
      'scheduled',
    ]);
  });
});
