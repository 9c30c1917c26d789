/**
 * A prepaid tenant's sends are funded before they go (decision 0026): the send lane hands a
 * batch's passing sends here, once per batch; their estimated cost (the price book's list price
 * for the recipient's market and the message's category) is held in one posting. When the
 * available balance covers only part of the batch, the part it covers (the longest prefix in the
 * batch's order) goes; of the rest, a campaign's sends wait with their campaign held and its
 * reason shown, any other send is refused with the reason, and the tenant's screens hear of it
 * (`wallet.low_balance`).
 */
import type { CampaignKind, PriceCategory } from '@ws/contract';
import type { Pool } from '../../platform/db/pool.js';
import { withTransaction } from '../../platform/db/pool.js';
import { type Publication, publishEvents } from '../../platform/realtime/publish.js';
import { countryOfNumber, UNKNOWN_COUNTRY } from '../pricing/market-of.js';
import { selectCountryPrices } from '../pricing/price-book-repository.js';
import { holdUnfundedCampaigns } from './balance-notice-repository.js';
import { lowBalanceNotices } from './low-balance-notices.js';
import { type SendHold, takeSendHolds } from './take-holds.js';

export interface SendToFund {
  id: string;
  /** The recipient's wa_id; null for a group or a user id (unknown market: nothing held). */
  to: string | null;
  category: 'marketing' | 'utility' | 'authentication' | 'service';
}

export const UNFUNDED = {
  zh: '预付费钱包可用余额不足，充值后恢复',
  en: 'The prepaid wallet’s available balance is too low: top it up, then resume',
};
export const UNFUNDED_REFUSAL = 'insufficient balance: the prepaid wallet cannot cover this message';

/** The held cost of each send: its market's list price today, 0 where the book has none. */
async function estimate(pool: Pool, numberId: string, sends: readonly SendToFund[]): Promise<SendHold[]> {
  const countryOf = (send: SendToFund) => (send.to ? countryOfNumber(send.to) : UNKNOWN_COUNTRY);
  const countries = [...new Set(sends.map(countryOf))];
  const categories = [...new Set(sends.map((send) => send.category))] as PriceCategory[];
  const book = await selectCountryPrices(pool, countries, categories, new Date().toISOString().slice(0, 10));
  const priceOf = new Map(book.map((price) => [price.country, price]));
  return sends.map((send) => {
    const country = countryOf(send);
    return {
      messageId: send.id,
      amount: priceOf.get(country)?.rates[send.category]?.unitMicros ?? 0,
      category: send.category,
      country,
      numberId,
    };
  });
}

/**
 * Holds the batch's cost, or the part of it the wallet covers; answers the sends that may go and
 * the ids to refuse (those of the rest not of a campaign).
 */
export async function fundSends(
  pool: Pool,
  tenantId: string,
  numberId: string,
  sends: readonly SendToFund[],
): Promise<{ funded: Set<string>; refused: string[] }> {
  if (sends.length === 0) return { funded: new Set(), refused: [] };
  const funded = await takeSendHolds(pool, tenantId, await estimate(pool, numberId, sends));
  const unfunded = sends.filter((send) => !funded.has(send.id)).map((send) => send.id);
  if (unfunded.length === 0) return { funded, refused: [] };
  const refused = await withTransaction(pool, async (client) => {
    const { messageIds, campaigns } = await holdUnfundedCampaigns(client, tenantId, unfunded, [...funded], UNFUNDED);
    const events: Publication[] = [
      ...campaigns.map((campaign) => ({
        tenantId,
        roles: ['admin' as const, 'operator' as const],
        event: {
          type: 'campaign.updated' as const,
          data: {
            campaign_id: campaign.id,
            kind: campaign.kind as CampaignKind,
            status: 'held' as const,
            run_no: campaign.run_no,
          },
        },
      })),
      ...(await lowBalanceNotices(client, [tenantId], unfunded.length)),
    ];
    await publishEvents(client, events);
    const ofCampaigns = new Set(messageIds);
    return unfunded.filter((id) => !ofCampaigns.has(id));
  });
  return { funded, refused };
}
