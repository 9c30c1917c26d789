/**
 * Message cost, posted from what Meta reports (decision 0026): a delivered (or read) status's
 * `pricing` says whether the message is billable, its category and its type (regular,
 * free_customer_service, free_entry_point); nothing is assumed, so a status without pricing
 * posts nothing. A billable regular message is priced from the price book on the status's day
 * by the recipient's market. A prepaid send's hold is captured at that price (the rest goes back
 * to the wallet); a failure voids it. Idempotent per Meta message id: a redelivered webhook, or
 * the delivered and read statuses of one message, charge once.
 */
import type { PriceCategory } from '@ws/contract';
import type { Db } from '../../platform/db/pool.js';
import type { Publication } from '../../platform/realtime/publish.js';
import { countryOfNumber, UNKNOWN_COUNTRY } from '../pricing/market-of.js';
import { selectCountryPrices } from '../pricing/price-book-repository.js';
import { lockOpenHolds, type OpenHold, settleHolds } from './hold-repository.js';
import { PostingColumns } from './ledger-repository.js';
import { lowBalanceNotices } from './low-balance-notices.js';
import { addPosting, postColumns } from './post-transaction.js';
import { voidPosting } from './void-holds.js';

export interface MessagePricing {
  billable?: boolean | undefined;
  category?: string | undefined;
  type?: string | undefined;
}

/** A status that settles what a message costs. */
export interface BilledStatus {
  tenantId: string;
  numberId: string;
  metaMessageId: string;
  /** Our message id (the callback data every send carries), to find its hold. */
  messageId: string | null;
  outcome: 'delivered' | 'failed';
  at: Date;
  waId: string | null;
  pricing: MessagePricing | undefined;
}

/** What one message costs, and the memo that says why; one object per price, shared by its statuses. */
interface Price {
  micros: number;
  memo: string;
}

const PRICED = new Set<string>(['marketing', 'utility', 'authentication', 'authentication_international', 'service']);
const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const countryOfStatus = (s: BilledStatus) => (s.waId ? countryOfNumber(s.waId) : UNKNOWN_COUNTRY);
const isBillable = (s: BilledStatus) => s.pricing?.billable === true && !(s.pricing.type ?? '').startsWith('free');

/** A map's value for a key, made by `make` the first time. */
function getOrMake<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

/**
 * What each delivered status's message costs (by position; undefined for the others): 0 unless
 * Meta says billable and regular, then the book's rate for the recipient's market on the status's day.
 */
async function priceStatuses(
  db: Db,
  statuses: readonly BilledStatus[],
  countries: readonly string[],
): Promise<(Price | undefined)[]> {
  const prices: (Price | undefined)[] = new Array(statuses.length);
  const free = new Map<string, Price>();
  const byDay = new Map<string, number[]>();
  statuses.forEach((s, i) => {
    if (s.outcome !== 'delivered') return;
    if (!isBillable(s)) {
      const type = s.pricing?.type ?? 'not billable';
      prices[i] = getOrMake(free, type, () => ({ micros: 0, memo: `free: ${type}` }));
    } else getOrMake(byDay, dayOf(s.at), () => []).push(i);
  });
  for (const [day, group] of byDay) {
    const wanted = [...new Set(group.map((i) => countries[i] as string))];
    const categories = [...new Set(group.map((i) => statuses[i]?.pricing?.category ?? ''))].filter((c) =>
      PRICED.has(c),
    );
    const book = await selectCountryPrices(db, wanted, categories as PriceCategory[], day);
    const byCountry = new Map(book.map((price) => [price.country, price]));
    const ofDay = new Map<string, Price>();
    for (const i of group) {
      const country = countries[i] as string;
      const category = statuses[i]?.pricing?.category ?? '';
      prices[i] = getOrMake(ofDay, `${country}\u0000${category}`, () => {
        const price = byCountry.get(country);
        const rate = price?.rates[category as PriceCategory];
        return rate
          ? { micros: rate.unitMicros, memo: `${price?.market} ${category} from ${rate.effectiveFrom}` }
          : { micros: 0, memo: `unpriced: no ${category || 'category'} rate for ${country} on ${day}` };
      });
    }
  }
  return prices;
}

/** The open holds of these statuses' messages, locked, by tenant and message. */
async function openHoldsOf(db: Db, statuses: readonly BilledStatus[]): Promise<Map<string, OpenHold>> {
  const keys: { tenantId: string; messageId: string }[] = [];
  for (const s of statuses) if (s.messageId !== null) keys.push({ tenantId: s.tenantId, messageId: s.messageId });
  const holds = await lockOpenHolds(db, keys);
  return new Map(holds.map((h) => [`${h.tenant_id}\u0000${h.message_id}`, h]));
}

/**
 * Posts the costs, captures and voids of a batch of statuses, set-based, in the caller's
 * transaction; answers the low-balance events of the tenants they took under their threshold.
 * The batch's postings are built straight into the statement's columns: thousands of statuses a
 * batch are posted while the drain waits on PostgreSQL, and objects held across that wait outlive
 * the young generation (they were the server's largest promoted allocation during a campaign).
 */
export async function meterMessageStatuses(db: Db, statuses: readonly BilledStatus[]): Promise<Publication[]> {
  const relevant = statuses.filter((s) => s.outcome === 'failed' || s.pricing !== undefined);
  if (relevant.length === 0) return [];
  const holdOf = await openHoldsOf(db, relevant);
  const countries = relevant.map(countryOfStatus);
  const prices = await priceStatuses(db, relevant, countries);
  const postings = new PostingColumns();
  const settled: { tenantId: string; messageId: string; state: 'captured' | 'voided' }[] = [];
  const charged = new Set<string>();
  relevant.forEach((s, i) => {
    const holdKey = s.messageId === null ? null : `${s.tenantId}\u0000${s.messageId}`;
    const hold = holdKey === null ? undefined : holdOf.get(holdKey);
    // A hold is settled once, by the batch's first status that settles it.
    if (holdKey !== null) holdOf.delete(holdKey);
    if (s.outcome === 'failed') {
      if (!hold) return;
      addPosting(postings, s.tenantId, voidPosting(hold, 'failed'));
      settled.push({ tenantId: s.tenantId, messageId: hold.message_id, state: 'voided' });
      return;
    }
    const price = prices[i] ?? { micros: 0, memo: '' };
    const held = hold?.amount ?? 0;
    postings.add(
      {
        tenantId: s.tenantId,
        kind: hold ? 'capture' : 'message_cost',
        idempotencyKey: `cost:${s.metaMessageId}`,
        unit: 'usd_micros',
        quantity: 1,
        category: s.pricing?.category ?? null,
        country: countries[i] as string,
        numberId: s.numberId,
        messageId: s.messageId,
        memo: price.memo,
        createdBy: null,
      },
      -price.micros,
    );
    postings.entry('held', false, -held);
    postings.entry('wallet', false, held - price.micros);
    postings.entry('meta_cost', true, price.micros);
    charged.add(s.tenantId);
    if (hold) settled.push({ tenantId: s.tenantId, messageId: hold.message_id, state: 'captured' });
  });
  if (postings.size > 0) await postColumns(db, postings);
  await settleHolds(db, settled);
  return lowBalanceNotices(db, [...charged]);
}
