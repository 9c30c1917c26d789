import type { CampaignCost, CostLine, PriceCategory } from '@ws/contract';
import { UNKNOWN_COUNTRY } from './market-of.js';
import type { CountryPrice } from './price-book-repository.js';

type ContentCategory = 'marketing' | 'utility' | 'authentication' | 'service';

/** The category content is priced at: a template's category in Meta's terms; free-form text (null) is a service message. */
export function priceCategoryOf(templateCategory: string | null): ContentCategory {
  switch (templateCategory?.toUpperCase()) {
    case 'MARKETING':
      return 'marketing';
    case 'UTILITY':
      return 'utility';
    case 'AUTHENTICATION':
      return 'authentication';
    default:
      return 'service';
  }
}

/** The rates the book must be asked for to price a category (authentication may be billed internationally). */
export function ratesNeeded(category: ContentCategory): PriceCategory[] {
  return category === 'authentication' ? ['authentication', 'authentication_international'] : [category];
}

/** recipients × unit price, exact in integers; a sum past 2^53 micro-units (9 billion USD) is refused, never rounded. */
function times(recipients: number, unitMicros: number): number {
  const product = recipients * unitMicros;
  if (!Number.isSafeInteger(product)) throw new RangeError('cost past the safe integer range');
  return product;
}

/**
 * The estimated Meta charges of sending one template to these recipients: per country, its
 * market's list price (the first volume tier) times its recipients, and their sum. An upper
 * bound: authentication is priced at the authentication-international rate where the market has
 * one (Meta bills it when the business is based in another country and eligible), and volume
 * tiers and free entry-point windows only lower the charge. Windows are not looked at: since
 * 2026-10-01 Meta charges utility templates inside an open customer-service window too.
 * Recipients of an unknown country, or of a market the book has no rate for, are counted apart.
 */
export function estimateCost(
  byCountry: readonly { country: string; recipients: number }[],
  category: ContentCategory,
  prices: readonly CountryPrice[],
): CampaignCost {
  const priceOf = new Map(prices.map((price) => [price.country, price]));
  const lines: CostLine[] = [];
  const unpriced: CampaignCost['unpriced'] = [];
  let effectiveFrom: string | null = null;
  for (const { country, recipients } of byCountry) {
    const price = country === UNKNOWN_COUNTRY ? undefined : priceOf.get(country);
    const international = category === 'authentication' ? price?.rates.authentication_international : undefined;
    const rate = international ?? price?.rates[category];
    if (!price || !rate) {
      unpriced.push({ country, market: price?.market ?? null, recipients });
      continue;
    }
    lines.push({
      country,
      market: price.market,
      category: international ? 'authentication_international' : category,
      recipients,
      unit_micros: rate.unitMicros,
      subtotal_micros: times(recipients, rate.unitMicros),
    });
    if (effectiveFrom === null || rate.effectiveFrom > effectiveFrom) effectiveFrom = rate.effectiveFrom;
  }
  const total = lines.reduce((sum, line) => sum + line.subtotal_micros, 0);
  if (!Number.isSafeInteger(total)) throw new RangeError('cost past the safe integer range');
  return {
    currency: 'USD',
    category,
    lines,
    total_micros: total,
    effective_from: effectiveFrom,
    unpriced,
    unpriced_recipients: unpriced.reduce((sum, row) => sum + row.recipients, 0),
  };
}
