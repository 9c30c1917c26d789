/**
 * The sandbox's sense of time and its delayed work. All limits and simulated behaviour read
 * `clock.now()`, so a test can move time forward (`advance`) instead of waiting: 24-hour windows,
 * pair rates and refills follow. Delayed work (statuses, replies, approvals) lives in one
 * min-heap driven by a single timer, which costs far less than a timer per message at
 * tens of thousands of sends per second.
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

interface ScheduledTask {
  at: number;
  seq: number;
  run: (arg: unknown) => void;
  arg: unknown;
}

interface ImmediateTask {
  run: (arg: unknown) => void;
  arg: unknown;
}

export class Scheduler {
  private readonly heap: ScheduledTask[] = [];
  /** Tasks without delay (the `sent` step at 0 ms): run once per loop turn, no timer churn. */
  private immediate: ImmediateTask[] = [];
  private immediateHandle: NodeJS.Immediate | undefined;
  private seq = 0;
  private timer: NodeJS.Timeout | undefined;
  private timerAt = Number.POSITIVE_INFINITY;
  private stopped = false;

  constructor(
    private readonly clock: Clock,
    private readonly onError: (error: unknown) => void,
  ) {}

  get size(): number {
    return this.heap.length + this.immediate.length;
  }

  /**
   * Runs `run(arg)` once `delayMs` has passed on the sandbox clock; tasks due together run in
   * order. Passing the argument (instead of a closure) keeps a pending step to one small object.
   */
  schedule<T>(delayMs: number, run: (arg: T) => void, arg?: T): void {
    if (this.stopped) return;
    const task = run as (arg: unknown) => void;
    if (delayMs <= 0) {
      this.immediate.push({ run: task, arg });
      this.immediateHandle ??= setImmediate(() => this.runImmediate());
      return;
    }
    this.push({ at: this.clock.now() + delayMs, seq: this.seq++, run: task, arg });
    this.arm();
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
    while (this.heap.length > 0 && (this.heap[0] as ScheduledTask).at <= now) this.runNext();
    this.arm();
  }

  /**
   * Runs every pending task now, in due order, including the tasks they schedule, up to `limit`
   * tasks: a test's fast-forward. Returns how many ran.
   */
  runAll(limit = 1_000_000): number {
    let ran = 0;
    while ((this.immediate.length > 0 || this.heap.length > 0) && ran < limit) {
      if (this.immediate.length > 0) {
        ran += this.immediate.length;
        this.runImmediate();
      } else {
        this.runNext();
        ran++;
      }
    }
    this.arm();
    return ran;
  }

  clear(): void {
    this.heap.length = 0;
    this.immediate = [];
    if (this.immediateHandle) clearImmediate(this.immediateHandle);
    this.immediateHandle = undefined;
    this.disarm();
  }

  stop(): void {
    this.stopped = true;
    this.clear();
  }

  private runNext(): void {
    const task = this.pop();
    this.runTask(task.run, task.arg);
  }

  private runTask(run: (arg: unknown) => void, arg: unknown): void {
    try {
      run(arg);
    } catch (error) {
      this.onError(error);
    }
  }

  private arm(): void {
    const next = this.heap[0];
    if (!next) {
      this.disarm();
      return;
    }
    if (this.timer && this.timerAt <= next.at) return;
    this.disarm();
    this.timerAt = next.at;
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        this.timerAt = Number.POSITIVE_INFINITY;
        this.runDue();
      },
      Math.max(0, next.at - this.clock.now()),
    );
    this.timer.unref();
  }

  private disarm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.timerAt = Number.POSITIVE_INFINITY;
  }

  private before(a: ScheduledTask, b: ScheduledTask): boolean {
    return a.at < b.at || (a.at === b.at && a.seq < b.seq);
  }

  private push(task: ScheduledTask): void {
    const heap = this.heap;
    heap.push(task);
    let index = heap.length - 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (!this.before(task, heap[parent] as ScheduledTask)) break;
      heap[index] = heap[parent] as ScheduledTask;
      index = parent;
    }
    heap[index] = task;
  }

  private pop(): ScheduledTask {
    const heap = this.heap;
    const top = heap[0] as ScheduledTask;
    const last = heap.pop() as ScheduledTask;
    if (heap.length === 0) return top;
    let index = 0;
    for (;;) {
      const left = 2 * index + 1;
      if (left >= heap.length) break;
      const right = left + 1;
      const child =
        right < heap.length && this.before(heap[right] as ScheduledTask, heap[left] as ScheduledTask) ? right : left;
      if (!this.before(heap[child] as ScheduledTask, last)) break;
      heap[index] = heap[child] as ScheduledTask;
      index = child;
    }
    heap[index] = last;
    return top;
  }
}
