import type { PriceRate } from '@ws/contract';

export type RateState = 'in_effect' | 'scheduled' | 'replaced';

/** Market and category: the key a rate replaces an earlier one of. */
const keyOf = (rate: PriceRate) => `${rate.market}\u0000${rate.category}`;

/**
 * Each rate of the book with its state on `today` (YYYY-MM-DD, UTC): in effect (the newest from
 * today or before, per market and category), scheduled (from a later day), or replaced.
 */
export function ratesWithState(rates: readonly PriceRate[], today: string): (PriceRate & { state: RateState })[] {
  const current = new Map<string, string>();
  for (const rate of rates) {
    if (rate.effective_from > today) continue;
    const seen = current.get(keyOf(rate));
    if (seen === undefined || rate.effective_from > seen) current.set(keyOf(rate), rate.effective_from);
  }
  return rates.map((rate) => ({
    ...rate,
    state:
      rate.effective_from > today
        ? 'scheduled'
        : current.get(keyOf(rate)) === rate.effective_from
          ? 'in_effect'
          : 'replaced',
  }));
}
