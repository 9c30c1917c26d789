import { type HomeSummary, LIST_COUNT_CAP } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { AppContext } from '../../platform/http/context.js';
import { countsOf } from '../campaigns/campaign-presenter.js';
import { selectTallies } from '../campaigns/campaign-repository.js';
import { walletInfo } from '../wallet/wallet-commands.js';
import { inboxFigures, movingCampaigns, portfolioUse } from './home-activity-repository.js';
import { contactConsent, contactDays, messageDays, numberGroups, qualityOf } from './home-repository.js';

/**
 * The caller's tenant's dashboard: every query at once on the pool (one round trip for the
 * console, as long as the slowest query), then the running campaigns' counts.
 */
export async function homeSummary(context: AppContext, caller: Scope): Promise<HomeSummary> {
  const db = context.pool;
  const [groups, contacts, contact_days, message_days, portfolios, campaigns, inbox, wallet] = await Promise.all([
    numberGroups(db, caller),
    contactConsent(db, caller),
    contactDays(db, caller),
    messageDays(db, caller),
    portfolioUse(db, caller),
    movingCampaigns(db, caller).then(async (moving) => ({
      ...moving,
      tallies: await selectTallies(
        db,
        moving.latest.map((campaign) => campaign.id),
      ),
    })),
    inboxFigures(db, caller),
    walletInfo(db, caller.tenantId),
  ]);
  const { day: _, ...messagesToday } = message_days.at(-1) ?? {
    day: '',
    sent: 0,
    received: 0,
    delivered: 0,
    read: 0,
    failed: 0,
  };
  const grouped = (by: 'status' | 'quality' | 'tier') => groups.filter((row) => row.by === by);
  return {
    numbers_by_status: grouped('status').map((row) => ({ status: row.value ?? '', numbers: row.numbers })),
    numbers_by_quality: grouped('quality').map((row) => ({ quality: qualityOf(row.value), numbers: row.numbers })),
    numbers_by_tier: grouped('tier').map((row) => ({ tier: row.value, numbers: row.numbers })),
    contacts,
    contact_days,
    messages_today: messagesToday,
    message_days,
    portfolios,
    campaigns: {
      moving: campaigns.moving,
      latest: campaigns.latest.map((campaign) => ({
        ...campaign,
        counts: countsOf(campaigns.tallies.filter((row) => row.campaign_id === campaign.id)),
      })),
    },
    inbox: {
      agents: inbox.agents,
      online: inbox.online,
      waiting: Math.min(inbox.waiting, LIST_COUNT_CAP),
      waiting_capped: inbox.waiting > LIST_COUNT_CAP,
    },
    wallet: {
      balance: wallet.balance,
      held: wallet.held,
      available: wallet.available,
      low_balance: wallet.low_balance,
      low_balance_threshold: wallet.low_balance_threshold,
    },
  };
}
