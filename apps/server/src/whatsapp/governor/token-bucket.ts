/**
 * Throughput of one number: `rate` tokens a second, holding at most `burst`. take() either
 * spends a token (0) or says how many milliseconds until one is available.
 */
export class TokenBucket {
  private tokens: number;
  private updatedAt: number;

  constructor(
    private rate: number,
    private burst: number,
    now: number,
  ) {
    this.tokens = burst;
    this.updatedAt = now;
  }

  take(now: number): number {
    this.refill(now);
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return 0;
    }
    return Math.ceil(((1 - this.tokens) / this.rate) * 1000);
  }

  /** Meta said we went too fast (130429): start again from empty. */
  drain(now: number): void {
    this.refill(now);
    this.tokens = Math.min(this.tokens, 0);
  }

  setRate(rate: number, burst: number, now: number): void {
    this.refill(now);
    this.rate = rate;
    this.burst = burst;
    this.tokens = Math.min(this.tokens, burst);
  }

  private refill(now: number): void {
    const elapsed = Math.max(0, now - this.updatedAt) / 1000;
    this.tokens = Math.min(this.burst, this.tokens + elapsed * this.rate);
    this.updatedAt = now;
  }
}
