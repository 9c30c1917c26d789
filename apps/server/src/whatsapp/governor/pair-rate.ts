/**
 * Meta's pair rate: one message to the same person from one number every 6 seconds, with bursts
 * allowed: up to 45 within 6 seconds, each borrowing 6 s from the future, so that after a burst
 * of n the next message to that person waits until n × 6 s after the burst began (Meta's
 * throughput documentation: a burst of 20 is followed by about 2 minutes without).
 */
export const PAIR_INTERVAL_MS = 6000;
export const PAIR_BURST = 45;

/**
 * Per recipient: when the borrowed time is paid back (`due`), and, while a burst of more than
 * one message is under way, when it began. A message may go when nothing is owed, or within the
 * first interval of a burst that is not yet full.
 */
export class PairRate {
  private readonly due = new Map<string, number>();
  private readonly burstStart = new Map<string, number>();
  /**
   * A lane busy with a campaign records every recipient once and never lingers, where it used to
   * prune: without this, its map held all of them until the campaign ended (a key and two numbers
   * per recipient, 264 000 in the benchmark's campaign). Pruned once an interval, it holds the
   * recent ones.
   */
  private nextPruneAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly intervalMs = PAIR_INTERVAL_MS,
    private readonly burst = PAIR_BURST,
  ) {}

  /** 0 when the recipient may receive now, else the milliseconds to wait. */
  waitFor(recipient: string, now: number): number {
    const due = this.due.get(recipient);
    if (due === undefined || due <= now) return 0;
    const start = this.burstStart.get(recipient) ?? due - this.intervalMs;
    const bursting = now - start < this.intervalMs && due - start < this.burst * this.intervalMs;
    return bursting ? 0 : due - now;
  }

  record(recipient: string, now: number): void {
    if (now >= this.nextPruneAt) {
      this.prune(now);
      this.nextPruneAt = now + this.intervalMs;
    }
    const due = this.due.get(recipient);
    if (due === undefined || due <= now) {
      this.due.set(recipient, now + this.intervalMs);
      this.burstStart.delete(recipient);
      return;
    }
    this.burstStart.set(recipient, this.burstStart.get(recipient) ?? due - this.intervalMs);
    this.due.set(recipient, due + this.intervalMs);
  }

  /** Pushes a recipient back after Meta's own pair-rate refusal (131056): nothing before `until`. */
  holdUntil(recipient: string, until: number): void {
    this.due.set(recipient, Math.max(until, this.due.get(recipient) ?? 0));
    this.burstStart.set(recipient, Number.NEGATIVE_INFINITY);
  }

  /** Forgets recipients who owe nothing, so memory follows the recent traffic only. */
  prune(now: number): void {
    for (const [recipient, due] of this.due) {
      if (due > now) continue;
      this.due.delete(recipient);
      this.burstStart.delete(recipient);
    }
  }

  get size(): number {
    return this.due.size;
  }
}
