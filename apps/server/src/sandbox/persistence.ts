import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { PersistedState } from './state.js';
import type { SandboxLogger } from './types.js';

const SAVE_COST_FACTOR = 20;

/**
 * The optional state file: read once at start, written at most once per `debounceMs` after a
 * change (write to a temporary file, then rename, so a crash never leaves half a file), and
 * once more at stop. A big state (a campaign's hundreds of thousands of customers) takes a while
 * to serialise, so the wait after a change is also at least `SAVE_COST_FACTOR` times what the
 * last save took: saving never takes more than about a twentieth of the process's time.
 */
export class StateFile {
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private lastSaveMs = 0;

  constructor(
    readonly file: string,
    private readonly snapshot: () => PersistedState,
    private readonly logger: SandboxLogger,
    private readonly debounceMs = 1_000,
  ) {}

  async load(): Promise<PersistedState | undefined> {
    let text: string;
    try {
      text = await fs.readFile(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    const state = JSON.parse(text) as PersistedState;
    if (state.version !== 1) throw new Error(`${this.file}: unknown sandbox state version ${String(state.version)}`);
    return state;
  }

  /** Notes a change: the file is written within `debounceMs`. */
  changed(): void {
    if (this.timer) return;
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        void this.save();
      },
      Math.max(this.debounceMs, SAVE_COST_FACTOR * this.lastSaveMs),
    );
    this.timer.unref();
  }

  /** Writes now (after any write under way), and cancels a pending debounced write. */
  async save(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const started = performance.now();
    const text = JSON.stringify(this.snapshot());
    this.lastSaveMs = performance.now() - started;
    this.writing = this.writing.then(() => this.write(text));
    await this.writing;
  }

  private async write(text: string): Promise<void> {
    const temporary = `${this.file}.${process.pid}.tmp`;
    try {
      await fs.mkdir(path.dirname(this.file), { recursive: true });
      await fs.writeFile(temporary, text);
      await fs.rename(temporary, this.file);
    } catch (error) {
      this.logger.error({ err: error, file: this.file }, 'sandbox: could not write the state file');
    }
  }
}
