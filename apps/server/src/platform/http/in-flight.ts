/**
 * Counts API handlers that are still running. A handler keeps running after its client went
 * away, and closing the HTTP server does not wait for it; shutdown waits here before it closes
 * the database under it.
 */
export class InFlightCalls {
  private running = 0;
  private idle: Array<() => void> = [];

  async track<T>(work: () => Promise<T>): Promise<T> {
    this.running += 1;
    try {
      return await work();
    } finally {
      this.running -= 1;
      if (this.running === 0) for (const resolve of this.idle.splice(0)) resolve();
    }
  }

  /** Resolves once no handler runs, or after `timeoutMs` at the latest. */
  drained(timeoutMs: number): Promise<void> {
    if (this.running === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      timer.unref();
      this.idle.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}
