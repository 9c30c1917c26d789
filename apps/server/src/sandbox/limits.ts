import { type SandboxCustomer, type SandboxNumber, throughputPerSecond } from './state.js';

/** Meta's pair rate: one message from a business number to the same user per 6 seconds. */
const PAIR_RATE_MS = 6_000;
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

export function pairRateHit(customer: SandboxCustomer, phoneNumberId: string, now: number): boolean {
  const last = customer.lastOutbound[phoneNumberId];
  return last !== undefined && now - last < PAIR_RATE_MS;
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
