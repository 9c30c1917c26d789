/** Meta's pair rate: one message to the same person from one number every 6 seconds. */
export const PAIR_INTERVAL_MS = 6000;

/** When each recipient of one number may next receive a message. */
export class PairRate {
  private readonly nextAllowed = new Map<string, number>();

  constructor(private readonly intervalMs = PAIR_INTERVAL_MS) {}

  /** 0 when the recipient may receive now, else the milliseconds to wait. */
  waitFor(recipient: string, now: number): number {
    const next = this.nextAllowed.get(recipient);
    return next === undefined || next <= now ? 0 : next - now;
  }

  record(recipient: string, now: number): void {
    this.nextAllowed.set(recipient, now + this.intervalMs);
  }

  /** Pushes a recipient back after Meta's own pair-rate refusal (131056). */
  holdUntil(recipient: string, until: number): void {
    this.nextAllowed.set(recipient, Math.max(until, this.nextAllowed.get(recipient) ?? 0));
  }

  /** Forgets recipients whose wait is over, so memory follows the recent traffic only. */
  prune(now: number): void {
    for (const [recipient, next] of this.nextAllowed) if (next <= now) this.nextAllowed.delete(recipient);
  }

  get size(): number {
    return this.nextAllowed.size;
  }
}
