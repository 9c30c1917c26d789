import type { NewPriceMarket, NewPriceRate } from '@ws/contract';
import type { z } from 'zod';
import type { Db } from '../../platform/db/pool.js';
import { errors } from '../../platform/http/errors.js';
import { insertMarket, insertRate } from './price-book-edits-repository.js';

const taken = () =>
  errors.conflict({
    zh: 'effectiveFrom: 该日期已有价格，请用新的生效日期',
    en: 'effectiveFrom: a price from that day exists; use a new effective date',
  });

/** A new rate from a day on (a change of price is a new row, so past charges keep the rate they used). */
export async function addRate(db: Db, body: z.output<typeof NewPriceRate>) {
  const rate = await insertRate(db, { ...body, unitMicros: body.unitPrice });
  if (!rate) throw taken();
  return rate;
}

export async function addMarket(db: Db, body: z.output<typeof NewPriceMarket>) {
  const placement = await insertMarket(db, body);
  if (!placement) throw taken();
  return placement;
}
