/**
 * The click log's writer (decision 0019): visits add their click to an in-memory buffer, written
 * every `intervalMs` or as soon as `batchRows` wait, one multi-row statement per batch, one batch
 * at a time. The buffer is bounded: past `maxPending` (the database down or far behind) new clicks
 * are dropped and counted, never the visit. A clean shutdown writes what is left; a crash loses
 * at most what was buffered (about `intervalMs` of clicks).
 */
import type { Logger } from 'pino';
import { type Pool, withRedoableTransaction } from '../../../platform/db/pool.js';
import { type ClickRecord, insertClicks } from './click-repository.js';

export interface ClickBufferOptions {
  intervalMs?: number;
  batchRows?: number;
  maxPending?: number;
}

export class ClickBuffer {
  private pending: ClickRecord[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> | undefined;
  private readonly intervalMs: number;
  private readonly batchRows: number;
  private readonly maxPending: number;
  /** Clicks dropped because the buffer was full. */
  dropped = 0;
  written = 0;

  constructor(
    private readonly pool: Pool,
    private readonly logger: Logger,
    options: ClickBufferOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? 200;
    this.batchRows = options.batchRows ?? 5_000;
    this.maxPending = options.maxPending ?? 200_000;
  }

  add(click: ClickRecord): void {
    if (this.pending.length >= this.maxPending) {
      if (this.dropped++ % 10_000 === 0) {
        this.logger.warn({ dropped: this.dropped }, 'link click log buffer full: clicks dropped');
      }
      return;
    }
    this.pending.push(click);
    if (this.pending.length >= this.batchRows && !this.writing) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.intervalMs);
  }

  /** Writes everything buffered so far (and waits for a write under way). */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    while (this.writing) await this.writing;
    if (this.pending.length === 0) return;
    this.writing = this.writeAll().finally(() => {
      this.writing = undefined;
      if (this.pending.length > 0) this.timer ??= setTimeout(() => void this.flush(), this.intervalMs);
    });
    await this.writing;
  }

  private async writeAll(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0, this.batchRows);
      try {
        // Not waiting for the WAL's flush: a database crash may lose the last batches, as a process crash would.
        await withRedoableTransaction(this.pool, (client) => insertClicks(client, batch));
        this.written += batch.length;
      } catch (error) {
        // Kept for the next try (within the bound), unless the batch itself is at fault.
        if ((error as { code?: string }).code?.startsWith('22')) {
          this.logger.error({ err: error, clicks: batch.length }, 'link clicks refused by the database: dropped');
        } else {
          this.logger.warn({ err: error, clicks: batch.length }, 'link clicks not written yet: retrying');
          this.pending.unshift(...batch.slice(0, Math.max(0, this.maxPending - this.pending.length)));
        }
        return;
      }
    }
  }
}
