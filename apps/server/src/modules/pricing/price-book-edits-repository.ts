/** The platform admin's edits of the price book (migration 0026): new date-effective rows, never updates. */
import type { PriceBook, PriceCategory } from '@ws/contract';
import type { z } from 'zod';
import { type Db, prepared } from '../../platform/db/pool.js';

type Book = z.output<typeof PriceBook>;

/** The whole book, newest first (hundreds of rows at most: markets times categories times rate cards). */
export async function selectPriceBook(db: Db): Promise<Book> {
  const [rates, markets] = await Promise.all([
    db.query<Book['rates'][number]>(
      `select market, category, effective_from::text, unit_micros::float8 as unit_micros, source from price_rate
        order by effective_from desc, market, category`,
    ),
    db.query<Book['markets'][number]>(
      `select country, market, effective_from::text, source from price_market order by effective_from desc, country`,
    ),
  ]);
  return { rates: rates.rows, markets: markets.rows };
}

/** Adds a rate; null when the market already has one of that category from that day. */
export async function insertRate(
  db: Db,
  rate: { market: string; category: PriceCategory; effectiveFrom: string; unitMicros: number; source: string },
): Promise<Book['rates'][number] | null> {
  const { rows } = await db.query<Book['rates'][number]>(
    prepared(
      `insert into price_rate (market, category, effective_from, unit_micros, source) values ($1, $2, $3, $4, $5)
       on conflict do nothing
       returning market, category, effective_from::text, unit_micros::float8 as unit_micros, source`,
      [rate.market, rate.category, rate.effectiveFrom, rate.unitMicros, rate.source],
    ),
  );
  return rows[0] ?? null;
}

/** Places a country in a market from a day on; null when it already has a placement from that day. */
export async function insertMarket(
  db: Db,
  placement: { country: string; market: string; effectiveFrom: string; source: string },
): Promise<Book['markets'][number] | null> {
  const { rows } = await db.query<Book['markets'][number]>(
    prepared(
      `insert into price_market (country, market, effective_from, source) values ($1, $2, $3, $4)
       on conflict do nothing returning country, market, effective_from::text, source`,
      [placement.country, placement.market, placement.effectiveFrom, placement.source],
    ),
  );
  return rows[0] ?? null;
}
