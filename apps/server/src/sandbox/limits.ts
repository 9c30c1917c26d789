import type { LimitRules } from './settings.js';
import { type MessagingLimitTier, type SandboxCustomer, type SandboxNumber, throughputPerSecond } from './state.js';

/** The customer service window: free-form messages only within 24 h of the user's last message. */
const SERVICE_WINDOW_MS = 86_400_000;
/** Meta's largest group. */
export const MAX_GROUP_PARTICIPANTS = 8;

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * Per-number throughput as a token bucket holding one second of the number's rate (80 messages
 * for STANDARD, 1000 for HIGH), refilled continuously.
 */
export class ThroughputLimiter {
  private readonly buckets = new Map<string, Bucket>();

  /** Takes one token; false when the number is over its throughput. */
  take(number: SandboxNumber, now: number): boolean {
    const rate = throughputPerSecond[number.throughputLevel];
    let bucket = this.buckets.get(number.id);
    if (!bucket) {
      bucket = { tokens: rate, at: now };
      this.buckets.set(number.id, bucket);
    } else if (now > bucket.at) {
      bucket.tokens = Math.min(rate, bucket.tokens + ((now - bucket.at) * rate) / 1000);
      bucket.at = now;
    }
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  clear(): void {
    this.buckets.clear();
  }
}

/**
 * Meta's pair rate with bursts: one message from a number to the same user every
 * `pairIntervalMs`, but up to `pairBurst` within one interval, each borrowing an interval from
 * the future; after a burst the user may get the next message once the borrowed time has passed
 * (Meta: after a burst of 20, about 2 minutes). False when the message would break it (131056).
 */
export function pairRateOpen(
  customer: SandboxCustomer,
  phoneNumberId: string,
  now: number,
  rules: LimitRules,
): boolean {
  const due = customer.pairDue[phoneNumberId];
  if (due === undefined || due <= now) return true;
  const start = customer.pairBurstStart?.[phoneNumberId] ?? due - rules.pairIntervalMs;
  return now - start < rules.pairIntervalMs && due - start < rules.pairBurst * rules.pairIntervalMs;
}

/** Records a message the pair rate let through (`pairRateOpen`). */
export function takePairRate(customer: SandboxCustomer, phoneNumberId: string, now: number, rules: LimitRules): void {
  const due = customer.pairDue[phoneNumberId];
  if (due === undefined || due <= now) {
    customer.pairDue[phoneNumberId] = now + rules.pairIntervalMs;
    if (customer.pairBurstStart?.[phoneNumberId] !== undefined) delete customer.pairBurstStart[phoneNumberId];
    return;
  }
  // The second message of a burst: only now is its start worth an object of its own.
  customer.pairBurstStart ??= {};
  customer.pairBurstStart[phoneNumberId] ??= due - rules.pairIntervalMs;
  customer.pairDue[phoneNumberId] = due + rules.pairIntervalMs;
}

/** Unique users a portfolio may reach outside the service window in a moving 24 hours, per tier. */
export const tierLimits: Record<MessagingLimitTier, number> = {
  TIER_250: 250,
  TIER_2K: 2_000,
  TIER_10K: 10_000,
  TIER_100K: 100_000,
  TIER_UNLIMITED: Number.POSITIVE_INFINITY,
};

const DAY_MS = 86_400_000;

interface Reach {
  /** wa_id to when the portfolio last reached them outside the window. */
  latest: Map<string, number>;
  /** Every reach in time order, to expire them; `head` is the oldest still kept. */
  waIds: string[];
  times: number[];
  head: number;
}

/**
 * Meta's messaging limit, per business portfolio: the unique users its numbers reached outside
 * the customer service window in the last 24 hours (a user counts once however many numbers and
 * messages reached them).
 */
export class MessagingLimitTracker {
  private readonly portfolios = new Map<string, Reach>();

  /**
   * Whether the portfolio may reach this user now: yes when it already did within 24 hours, or
   * when it has reached fewer than `limit` users (the user is then counted).
   */
  admit(portfolioId: string, waId: string, limit: number, now: number): boolean {
    const reach = this.reachOf(portfolioId, now);
    if (!reach.latest.has(waId) && reach.latest.size >= limit) return false;
    reach.latest.set(waId, now);
    reach.waIds.push(waId);
    reach.times.push(now);
    return true;
  }

  /** Unique users reached in the last 24 hours. */
  count(portfolioId: string, now: number): number {
    return this.reachOf(portfolioId, now).latest.size;
  }

  private reachOf(portfolioId: string, now: number): Reach {
    let reach = this.portfolios.get(portfolioId);
    if (!reach) {
      reach = { latest: new Map(), waIds: [], times: [], head: 0 };
      this.portfolios.set(portfolioId, reach);
    }
    while (reach.head < reach.times.length && (reach.times[reach.head] as number) <= now - DAY_MS) {
      const waId = reach.waIds[reach.head] as string;
      if (reach.latest.get(waId) === reach.times[reach.head]) reach.latest.delete(waId);
      reach.head++;
    }
    if (reach.head > 1024 && reach.head * 2 > reach.times.length) {
      reach.waIds = reach.waIds.slice(reach.head);
      reach.times = reach.times.slice(reach.head);
      reach.head = 0;
    }
    return reach;
  }

  clear(): void {
    this.portfolios.clear();
  }
}

export function windowOpen(customer: SandboxCustomer, phoneNumberId: string, now: number): boolean {
  const last = customer.lastInbound?.[phoneNumberId];
  return last !== undefined && now - last < SERVICE_WINDOW_MS;
}

/**
 * Each number's recent deliveries as a ring of blocked / not blocked, for its block rate. The
 * rating follows the rate: YELLOW from `yellowBlockRate`, RED from `redBlockRate`.
 */
export class BlockRateTracker {
  private readonly windows = new Map<string, { ring: Uint8Array; next: number; filled: number; blocked: number }>();

  /** Records one delivery; returns the block rate once the window holds `minSample` deliveries. */
  record(phoneNumberId: string, blocked: boolean, windowSize: number, minSample: number): number | undefined {
    let window = this.windows.get(phoneNumberId);
    if (!window || window.ring.length !== windowSize) {
      window = { ring: new Uint8Array(windowSize), next: 0, filled: 0, blocked: 0 };
      this.windows.set(phoneNumberId, window);
    }
    if (window.filled === windowSize) window.blocked -= window.ring[window.next] as number;
    else window.filled++;
    window.ring[window.next] = blocked ? 1 : 0;
    window.blocked += blocked ? 1 : 0;
    window.next = (window.next + 1) % windowSize;
    return window.filled >= minSample ? window.blocked / window.filled : undefined;
  }

  clear(): void {
    this.windows.clear();
  }
}
