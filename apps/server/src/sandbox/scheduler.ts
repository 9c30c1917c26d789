/**
 * The sandbox's sense of time and its delayed work. All limits and simulated behaviour read
 * `clock.now()`, so a test can move time forward (`advance`) instead of waiting: 24-hour windows,
 * pair rates and refills follow. Delayed work (statuses, replies, approvals) waits in one
 * first-in-first-out queue per delay, driven by a single timer: at tens of thousands of sends a
 * second that costs far less than a timer, or even a heap entry, per message.
 */
export class Clock {
  private offsetMs = 0;

  now(): number {
    return Date.now() + this.offsetMs;
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

type Step = (arg: unknown) => void;

/**
 * The tasks of one delay, oldest first, in a ring of parallel arrays: no object per task.
 * Within one delay, due times follow scheduling order, so a FIFO is already sorted.
 */
class DelayQueue {
  private at: number[] = new Array(64);
  private seq: number[] = new Array(64);
  private run: (Step | undefined)[] = new Array(64);
  private arg: unknown[] = new Array(64);
  private head = 0;
  size = 0;

  constructor(readonly delayMs: number) {}

  push(at: number, seq: number, run: Step, arg: unknown): void {
    if (this.size === this.at.length) this.grow();
    // A clock that stepped back (the system time was set) must not put a task before an earlier
    // one of the same delay: it then runs with that one, a little later than asked.
    const last = this.size > 0 ? (this.at[(this.head + this.size - 1) & (this.at.length - 1)] as number) : at;
    const slot = (this.head + this.size) & (this.at.length - 1);
    this.at[slot] = at < last ? last : at;
    this.seq[slot] = seq;
    this.run[slot] = run;
    this.arg[slot] = arg;
    this.size++;
  }

  get nextAt(): number {
    return this.at[this.head] as number;
  }

  get nextSeq(): number {
    return this.seq[this.head] as number;
  }

  /** Removes the oldest task and runs it through `runTask`. */
  shiftInto(runTask: (run: Step, arg: unknown) => void): void {
    const slot = this.head;
    const run = this.run[slot] as Step;
    const arg = this.arg[slot];
    this.run[slot] = undefined;
    this.arg[slot] = undefined;
    this.head = (slot + 1) & (this.at.length - 1);
    this.size--;
    runTask(run, arg);
  }

  private grow(): void {
    const capacity = this.at.length;
    // Fresh holey arrays copied in order: the due times stay an array of unboxed doubles.
    const at: number[] = new Array(capacity * 2);
    const seq: number[] = new Array(capacity * 2);
    const run: (Step | undefined)[] = new Array(capacity * 2);
    const arg: unknown[] = new Array(capacity * 2);
    for (let index = 0; index < capacity; index++) {
      const slot = (this.head + index) & (capacity - 1);
      at[index] = this.at[slot] as number;
      seq[index] = this.seq[slot] as number;
      run[index] = this.run[slot];
      arg[index] = this.arg[slot];
    }
    this.at = at;
    this.seq = seq;
    this.run = run;
    this.arg = arg;
    this.head = 0;
  }
}

interface ImmediateTask {
  run: Step;
  arg: unknown;
}

/** Empty queues kept for reuse; beyond this many delays, empty ones are dropped. */
const KEPT_QUEUES = 8;

export class Scheduler {
  /** One FIFO per distinct delay: a handful (delivered, read, reply, approval…), not one per task. */
  private readonly queues = new Map<number, DelayQueue>();
  private pending = 0;
  /** Tasks without delay (the `sent` step at 0 ms): run once per loop turn, no timer churn. */
  private immediate: ImmediateTask[] = [];
  private immediateHandle: NodeJS.Immediate | undefined;
  private seq = 0;
  private timer: NodeJS.Timeout | undefined;
  private timerAt = Number.POSITIVE_INFINITY;
  private stopped = false;
  private readonly runTaskBound = (run: Step, arg: unknown) => this.runTask(run, arg);

  constructor(
    private readonly clock: Clock,
    private readonly onError: (error: unknown) => void,
  ) {}

  get size(): number {
    return this.pending + this.immediate.length;
  }

  /**
   * Runs `run(arg)` once `delayMs` has passed on the sandbox clock; tasks due together run in
   * the order they were scheduled. Passing the argument (instead of a closure) keeps a pending
   * step to the argument alone.
   */
  schedule<T>(delayMs: number, run: (arg: T) => void, arg?: T): void {
    if (this.stopped) return;
    const task = run as Step;
    if (delayMs <= 0) {
      this.immediate.push({ run: task, arg });
      this.immediateHandle ??= setImmediate(() => this.runImmediate());
      return;
    }
    let queue = this.queues.get(delayMs);
    if (!queue) {
      queue = new DelayQueue(delayMs);
      this.queues.set(delayMs, queue);
    }
    const at = this.clock.now() + delayMs;
    queue.push(at, this.seq++, task, arg);
    this.pending++;
    if (at < this.timerAt) this.arm();
  }

  private runImmediate(): void {
    this.immediateHandle = undefined;
    const tasks = this.immediate;
    this.immediate = [];
    for (const task of tasks) this.runTask(task.run, task.arg);
  }

  /** Runs every task due by now; called by the timer and after the clock moves. */
  runDue(): void {
    const now = this.clock.now();
    for (;;) {
      const queue = this.nextQueue();
      if (!queue || queue.nextAt > now) break;
      this.runNext(queue);
    }
    this.arm();
  }

  /**
   * Runs every pending task now, in due order, including the tasks they schedule, up to `limit`
   * tasks: a test's fast-forward. Returns how many ran.
   */
  runAll(limit = 1_000_000): number {
    let ran = 0;
    while (ran < limit) {
      if (this.immediate.length > 0) {
        ran += this.immediate.length;
        this.runImmediate();
        continue;
      }
      const queue = this.nextQueue();
      if (!queue) break;
      this.runNext(queue);
      ran++;
    }
    this.arm();
    return ran;
  }

  clear(): void {
    this.queues.clear();
    this.pending = 0;
    this.immediate = [];
    if (this.immediateHandle) clearImmediate(this.immediateHandle);
    this.immediateHandle = undefined;
    this.disarm();
  }

  stop(): void {
    this.stopped = true;
    this.clear();
  }

  /** The queue holding the task due first (ties: the one scheduled first). */
  private nextQueue(): DelayQueue | undefined {
    let best: DelayQueue | undefined;
    for (const queue of this.queues.values()) {
      if (queue.size === 0) continue;
      if (!best || queue.nextAt < best.nextAt || (queue.nextAt === best.nextAt && queue.nextSeq < best.nextSeq)) {
        best = queue;
      }
    }
    return best;
  }

  private runNext(queue: DelayQueue): void {
    this.pending--;
    queue.shiftInto(this.runTaskBound);
    if (queue.size === 0 && this.queues.size > KEPT_QUEUES) this.queues.delete(queue.delayMs);
  }

  private runTask(run: Step, arg: unknown): void {
    try {
      run(arg);
    } catch (error) {
      this.onError(error);
    }
  }

  private arm(): void {
    const next = this.nextQueue();
    if (!next) {
      this.disarm();
      return;
    }
    const at = next.nextAt;
    if (this.timer && this.timerAt <= at) return;
    this.disarm();
    this.timerAt = at;
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        this.timerAt = Number.POSITIVE_INFINITY;
        this.runDue();
      },
      Math.max(0, at - this.clock.now()),
    );
    this.timer.unref();
  }

  private disarm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.timerAt = Number.POSITIVE_INFINITY;
  }
}
