import { z } from 'zod';
import { Id } from './auth.js';
import { defineCall } from './call.js';
import { CampaignKind, CampaignStatus, StateCounts } from './campaigns.js';
import { envelopeOf } from './envelope.js';
import { NumberQuality } from './numbers.js';

/** Days the dashboard's charts cover, today included. */
export const HOME_DAYS = 30;
/** Running campaigns and portfolios the dashboard lists (the busiest first). */
export const HOME_LIST_SIZE = 5;

const count = z.number().int();

/** Messages of one UTC day: sent (accepted by the Cloud API) and received by every number; delivered, read and failed: campaign recipients that reached that state that day. */
export const MessageDay = z.object({
  day: z.string().describe('YYYY-MM-DD (UTC)'),
  sent: count,
  received: count,
  delivered: count,
  read: count,
  failed: count,
});
export type MessageDay = z.infer<typeof MessageDay>;

/** New contacts and opt-outs of one UTC day. */
export const ContactDay = z.object({ day: z.string(), created: count, opted_out: count });
export type ContactDay = z.infer<typeof ContactDay>;

/** A business portfolio's messaging limit and its use today (contacts reached outside their window, UTC day). */
export const PortfolioUse = z.object({
  id: Id,
  name: z.string(),
  /** Null: unlimited. */
  messaging_limit: count.nullable(),
  reached_today: count,
  numbers: count,
});

/** A campaign that is moving, with its recipients by state (the tally). */
export const RunningCampaign = z.object({
  id: Id,
  kind: CampaignKind,
  name: z.string(),
  status: CampaignStatus,
  recipients: count,
  counts: StateCounts,
});
export type RunningCampaign = z.infer<typeof RunningCampaign>;

/**
 * What the dashboard (/wel/index) shows of the caller's tenant, every figure from a roll-up or a
 * small table (decision 0030): one call, its queries run at once.
 */
export const HomeSummary = z.object({
  /** Numbers not in the recycle bin, per Meta status (CONNECTED, FLAGGED, ...), most first. */
  numbers_by_status: z.array(z.object({ status: z.string(), numbers: count })),
  numbers_by_quality: z.array(z.object({ quality: NumberQuality, numbers: count })),
  /** Per messaging tier (TIER_1K, ...; null: not known yet), most first. */
  numbers_by_tier: z.array(z.object({ tier: z.string().nullable(), numbers: count })),
  /** Live contacts and their consent. */
  contacts: z.object({ total: count, opted_in: count, opted_out: count }),
  /** New contacts and opt-outs per UTC day, the last HOME_DAYS days, oldest first, every day present. */
  contact_days: z.array(ContactDay),
  /** Messages of today (UTC day): sent (accepted by the Cloud API) and received; campaign outcomes. */
  messages_today: MessageDay.omit({ day: true }),
  /** The same per UTC day, the last HOME_DAYS days, oldest first, every day present. */
  message_days: z.array(MessageDay),
  /** The portfolios: how many, how many limited, and the HOME_LIST_SIZE most used of their limit today. */
  portfolios: z.object({ total: count, limited: count, busiest: z.array(PortfolioUse) }),
  /** Campaigns scheduled, starting, running or held, and the HOME_LIST_SIZE newest of them with their counts. */
  campaigns: z.object({ moving: count, latest: z.array(RunningCampaign) }),
  /** Agents (seats) and those online now; conversations waiting unassigned (counted up to LIST_COUNT_CAP). */
  inbox: z.object({ agents: count, online: count, waiting: count, waiting_capped: z.boolean() }),
  /** The wallet, as /bill/rate shows it (micro-units): balance, holds, available = balance − holds. */
  wallet: z.object({
    balance: count,
    held: count,
    available: count,
    low_balance: z.boolean(),
    low_balance_threshold: count,
  }),
});
export type HomeSummary = z.infer<typeof HomeSummary>;

export const homeCalls = {
  homeSummary: defineCall({
    id: 'home.summary',
    method: 'POST',
    path: '/api/home/summary',
    tag: 'home',
    summary:
      "The dashboard's figures from roll-ups: numbers by status, quality and tier, portfolio limits used today, messages and contacts per day, campaigns moving, agents online and waiting conversations, the wallet",
    access: ['admin', 'operator'],
    kind: 'read',
    body: z.object({}),
    reply: envelopeOf(HomeSummary),
  }),
} as const;
