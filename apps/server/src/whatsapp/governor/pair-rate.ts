/**
 * Meta's pair rate: one message to the same person from one number every 6 seconds on average,
 * with bursts allowed: up to 45 at once, each borrowing 6 s from the future, so after a burst of
 * n the next message waits until n × 6 s have passed (Meta's throughput documentation).
 */
export const PAIR_INTERVAL_MS = 6000;
export const PAIR_BURST = 45;

/**
 * The pair rate as a generic cell rate algorithm: per recipient, the time at which the borrowed
 * quota is paid back (`due`). A message may go while `due` is at most `burst - 1` intervals ahead.
 */
export class PairRate {
  private readonly due = new Map<string, number>();
  private readonly slackMs: number;

  constructor(
    private readonly intervalMs = PAIR_INTERVAL_MS,
    burst = PAIR_BURST,
  ) {
    this.slackMs = (burst - 1) * intervalMs;
  }

  /** 0 when the recipient may receive now, else the milliseconds to wait. */
  waitFor(recipient: string, now: number): number {
    const due = this.due.get(recipient);
    return due === undefined ? 0 : Math.max(0, due - this.slackMs - now);
  }

  record(recipient: string, now: number): void {
    this.due.set(recipient, Math.max(this.due.get(recipient) ?? now, now) + this.intervalMs);
  }

  /** Pushes a recipient back after Meta's own pair-rate refusal (131056): nothing before `until`. */
  holdUntil(recipient: string, until: number): void {
    this.due.set(recipient, Math.max(until + this.slackMs, this.due.get(recipient) ?? 0));
  }

  /** Forgets recipients whose borrowed quota is paid back, so memory follows the recent traffic only. */
  prune(now: number): void {
    for (const [recipient, due] of this.due) if (due <= now) this.due.delete(recipient);
  }

  get size(): number {
    return this.due.size;
  }
}
