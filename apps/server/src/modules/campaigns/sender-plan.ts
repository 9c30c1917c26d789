import type { CampaignForecast, NewCampaign } from '@ws/contract';
import { numberRefusal } from '../../whatsapp/governor/rules.js';
import type { SenderFacts } from './sender-repository.js';
import type { SkipCounts, SnapshotRules } from './snapshot-repository.js';

/** A sender gets recipients only while the governor lets it send (not paused, connected) and it is not RED. */
export const senderActive = (sender: SenderFacts): boolean =>
  numberRefusal(sender) === null && sender.quality !== 'RED';

/**
 * A sender's day: its part of its portfolio's messaging limit (the limit is shared by every
 * number of the portfolio), or a day of its throughput when the portfolio is unlimited.
 */
function dailyCapacity(sender: SenderFacts, sharedBy: number): number {
  if (sender.messagingLimit === null) return sender.throughput * 86_400;
  return Math.max(1, Math.floor(sender.messagingLimit / Math.max(1, sharedBy)));
}

/**
 * The active senders' weights for the snapshot's share of contacts without a sender of their
 * own: each number's daily capacity, halved for YELLOW quality (less load on a number at risk),
 * as the lower bounds of cumulative ranges (0, w1, w1+w2, …) that `width_bucket` reads.
 */
export function senderWeights(senders: readonly SenderFacts[]) {
  const active = senders.filter(senderActive);
  const perPortfolio = new Map<string, number>();
  for (const sender of active) perPortfolio.set(sender.portfolioId, (perPortfolio.get(sender.portfolioId) ?? 0) + 1);
  const thresholds: number[] = [];
  let total = 0;
  for (const sender of active) {
    thresholds.push(total);
    const capacity = Math.min(10_000_000, dailyCapacity(sender, perPortfolio.get(sender.portfolioId) ?? 1));
    total += Math.max(1, Math.round(sender.quality === 'YELLOW' ? capacity / 2 : capacity));
  }
  return { senderIds: active.map((sender) => sender.id), thresholds, totalWeight: Math.max(1, total) };
}

export interface ForecastInput {
  senders: readonly SenderFacts[];
  /** Unique contacts each portfolio reached in the last 24 h. */
  reach: ReadonlyMap<string, number>;
  eligible: number;
  audience: number;
  skipped: SkipCounts;
  ratePerSecond: number | undefined;
  /** Hours a day the send window allows (24 without one). */
  windowHours: number;
  /** Whether the messages open conversations the messaging limit counts (templates outside the window). */
  countsTowardLimit: boolean;
  now: Date;
  byCountry: CampaignForecast['templates_by_country'];
  cost: CampaignForecast['cost'];
  /** An A/B split's wait between its sample going out and the rest (0 without one). */
  splitWaitMinutes?: number;
}

/**
 * How fast and when, at today's throughput, quality and portfolio limits: the senders' combined
 * rate, capped each day by what the portfolios' limits leave, and by the send window. Meta decides
 * the real pace (tiers move, quality changes); the screen says so.
 */
export function forecastOf(input: ForecastInput): CampaignForecast {
  const active = input.senders.filter(senderActive);
  const perSecond = active.reduce(
    (sum, sender) => sum + Math.min(sender.throughput, input.ratePerSecond ?? sender.throughput),
    0,
  );
  const perHour = Math.round(perSecond * 3600 * (input.windowHours / 24));
  const base = {
    audience: input.audience,
    eligible: input.eligible,
    skipped: input.skipped,
    per_hour: perHour,
    templates_by_country: input.byCountry,
    cost: input.cost,
  };
  if (input.eligible === 0) return { ...base, ends_at: input.now.toISOString(), bound: 'none' };
  if (perSecond === 0) return { ...base, ends_at: null, bound: 'throughput' };
  const portfolios = new Map(active.map((sender) => [sender.portfolioId, sender.messagingLimit]));
  const limited = input.countsTowardLimit && [...portfolios.values()].every((limit) => limit !== null);
  const dailyLimit = limited ? [...portfolios.values()].reduce<number>((sum, limit) => sum + (limit ?? 0), 0) : null;
  const leftToday =
    dailyLimit === null
      ? null
      : [...portfolios].reduce((sum, [id, limit]) => sum + Math.max(0, (limit ?? 0) - (input.reach.get(id) ?? 0)), 0);
  const sendingHours = input.eligible / (perSecond * 3600);
  const windowDays = (hours: number) => Math.floor(hours / input.windowHours) * 24 + (hours % input.windowHours);
  let hours = input.windowHours < 24 ? windowDays(sendingHours) : sendingHours;
  let bound: CampaignForecast['bound'] =
    input.windowHours < 24 && sendingHours > input.windowHours ? 'send_window' : 'throughput';
  if (dailyLimit !== null && leftToday !== null && input.eligible > leftToday) {
    // What today leaves goes now; the rest takes a moving day per limit's worth.
    const days = Math.ceil((input.eligible - leftToday) / dailyLimit);
    const lastDay = (input.eligible - leftToday - (days - 1) * dailyLimit) / (perSecond * 3600);
    hours = Math.max(hours, days * 24 + lastDay);
    bound = 'messaging_limit';
  }
  // The rest wait for the split's decision; the sample itself is a small part of the sending time.
  hours += (input.splitWaitMinutes ?? 0) / 60;
  return { ...base, ends_at: new Date(input.now.getTime() + hours * 3_600_000).toISOString(), bound };
}

/** The snapshot's rules for this request (also what the preview counts with). */
export function snapshotRules(
  input: Pick<NewCampaign, 'audience' | 'options'>,
  purpose: string,
  senders: readonly SenderFacts[],
  freeForm: boolean,
): SnapshotRules {
  return {
    audience: input.audience,
    marketing: purpose === 'marketing',
    freeForm,
    frequencyCapHours: input.options.frequencyCapHours,
    ...senderWeights(senders),
  };
}
