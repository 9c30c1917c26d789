import type { PriceCategory } from '@ws/contract';
import type { Db } from '../../platform/db/pool.js';
import { BoundValues } from '../../platform/db/sql-values.js';

/** A country's market on a day, and that market's rates then (only the categories asked for that have one). */
export interface CountryPrice {
  country: string;
  market: string;
  rates: Partial<Record<PriceCategory, { unitMicros: number; effectiveFrom: string }>>;
}

/**
 * The price book on a day (YYYY-MM-DD) for these countries: each one's market (its latest
 * `price_market` row then, else the country itself) and the market's latest USD rate of each
 * category then. A platform table: the same for every tenant, so no scope.
 */
export async function selectCountryPrices(
  db: Db,
  countries: readonly string[],
  categories: readonly PriceCategory[],
  on: string,
): Promise<CountryPrice[]> {
  if (countries.length === 0) return [];
  const sql = new BoundValues();
  const day = sql.add(on, 'date');
  const { rows } = await db.query(
    `with wanted as (select unnest(${sql.add(countries, 'text[]')}) as country),
          placed as (
            select w.country, coalesce((select m.market from price_market m
                                         where m.country = w.country and m.effective_from <= ${day}
                                         order by m.effective_from desc limit 1), w.country) as market
              from wanted w)
     select p.country, p.market, r.category, r.unit_micros::text as unit_micros, r.effective_from::text as effective_from
       from placed p
       left join lateral (
         select distinct on (category) category, unit_micros, effective_from from price_rate
          where market = p.market and currency = 'USD' and effective_from <= ${day}
            and category = any(${sql.add(categories, 'text[]')})
          order by category, effective_from desc) r on true`,
    sql.values,
  );
  const byCountry = new Map<string, CountryPrice>();
  for (const row of rows) {
    const price: CountryPrice = byCountry.get(row.country) ?? { country: row.country, market: row.market, rates: {} };
    if (row.category) {
      price.rates[row.category as PriceCategory] = {
        unitMicros: Number(row.unit_micros),
        effectiveFrom: row.effective_from,
      };
    }
    byCountry.set(row.country, price);
  }
  return [...byCountry.values()];
}
