/**
 * Runs a task now (unless told not to) and then every `intervalMs`, never two runs at a time: a
 * run still going when the next is due makes that one skip. Returns the stop function.
 */
export function runPeriodically(
  task: () => Promise<unknown> | unknown,
  intervalMs: number,
  options: { immediate?: boolean } = {},
): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await task();
    } catch (error) {
      // A periodic task reports its own failures; one bad run must not stop the schedule.
      console.error(error);
    } finally {
      running = false;
    }
  };
  if (options.immediate ?? true) void tick();
  const timer = setInterval(() => void tick(), intervalMs);
  return () => clearInterval(timer);
}
