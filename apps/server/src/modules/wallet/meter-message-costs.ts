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
import { lowBalanceNotices } from './low-balance-notices.js';
import { type Posting, postTransactions } from './post-transaction.js';
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

const PRICED = new Set<string>(['marketing', 'utility', 'authentication', 'authentication_international', 'service']);
const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const countryOfStatus = (s: BilledStatus) => (s.waId ? countryOfNumber(s.waId) : UNKNOWN_COUNTRY);

/** What a delivered message costs: 0 unless Meta says billable and regular, then the book's rate. */
async function priceStatuses(
  db: Db,
  statuses: readonly BilledStatus[],
  countryOf: ReadonlyMap<BilledStatus, string>,
): Promise<Map<BilledStatus, { micros: number; memo: string }>> {
  const prices = new Map<BilledStatus, { micros: number; memo: string }>();
  const byDay = new Map<string, BilledStatus[]>();
  for (const s of statuses) {
    if (s.pricing?.billable !== true || (s.pricing.type ?? '').startsWith('free')) {
      prices.set(s, { micros: 0, memo: `free: ${s.pricing?.type ?? 'not billable'}` });
      continue;
    }
    const day = dayOf(s.at);
    const group = byDay.get(day);
    if (group) group.push(s);
    else byDay.set(day, [s]);
  }
  for (const [day, group] of byDay) {
    const countries = [...new Set(group.map((s) => countryOf.get(s) ?? UNKNOWN_COUNTRY))];
    const categories = [...new Set(group.map((s) => s.pricing?.category ?? ''))].filter((c) => PRICED.has(c));
    const book = await selectCountryPrices(db, countries, categories as PriceCategory[], day);
    const byCountry = new Map(book.map((price) => [price.country, price]));
    for (const s of group) {
      const country = countryOf.get(s) ?? UNKNOWN_COUNTRY;
      const category = s.pricing?.category ?? '';
      const rate = byCountry.get(country)?.rates[category as PriceCategory];
      prices.set(
        s,
        rate
          ? {
              micros: rate.unitMicros,
              memo: `${byCountry.get(country)?.market} ${category} from ${rate.effectiveFrom}`,
            }
          : { micros: 0, memo: `unpriced: no ${category || 'category'} rate for ${country} on ${day}` },
      );
    }
  }
  return prices;
}

/**
 * Posts the costs, captures and voids of a batch of statuses, set-based, in the caller's
 * transaction; answers the low-balance events of the tenants they took under their threshold.
 */
export async function meterMessageStatuses(db: Db, statuses: readonly BilledStatus[]): Promise<Publication[]> {
  const relevant = statuses.filter((s) => s.outcome === 'failed' || s.pricing !== undefined);
  if (relevant.length === 0) return [];
  const withMessage = relevant.filter((s) => s.messageId !== null);
  const holds = await lockOpenHolds(
    db,
    withMessage.map((s) => ({ tenantId: s.tenantId, messageId: s.messageId as string })),
  );
  const holdOf = new Map<string, OpenHold>(holds.map((h) => [`${h.tenant_id}\u0000${h.message_id}`, h]));
  const countryOf = new Map(relevant.map((s) => [s, countryOfStatus(s)]));
  const delivered = relevant.filter((s) => s.outcome === 'delivered');
  const prices = await priceStatuses(db, delivered, countryOf);
  const postings: { tenantId: string; posting: Posting }[] = [];
  const settled: { tenantId: string; messageId: string; state: 'captured' | 'voided' }[] = [];
  for (const s of relevant) {
    const hold = s.messageId ? holdOf.get(`${s.tenantId}\u0000${s.messageId}`) : undefined;
    const country = countryOf.get(s) ?? UNKNOWN_COUNTRY;
    const common = { unit: 'usd_micros' as const, numberId: s.numberId, messageId: s.messageId, country };
    if (s.outcome === 'failed') {
      if (!hold) continue;
      postings.push({ tenantId: s.tenantId, posting: voidPosting(hold, 'failed') });
      settled.push({ tenantId: s.tenantId, messageId: hold.message_id, state: 'voided' });
      continue;
    }
    const price = prices.get(s) ?? { micros: 0, memo: '' };
    const cost = BigInt(price.micros);
    const held = BigInt(hold?.amount ?? 0);
    postings.push({
      tenantId: s.tenantId,
      posting: {
        ...common,
        kind: hold ? 'capture' : 'message_cost',
        idempotencyKey: `cost:${s.metaMessageId}`,
        category: s.pricing?.category ?? null,
        quantity: 1,
        memo: price.memo,
        entries: [
          { tenant: 'held', amount: -held },
          { tenant: 'wallet', amount: held - cost },
          { platform: 'meta_cost', amount: cost },
        ],
      },
    });
    if (hold) settled.push({ tenantId: s.tenantId, messageId: hold.message_id, state: 'captured' });
  }
  await postTransactions(db, postings);
  await settleHolds(db, settled);
  return lowBalanceNotices(
    db,
    postings.filter(({ posting }) => posting.kind !== 'void').map(({ tenantId }) => tenantId),
  );
}
