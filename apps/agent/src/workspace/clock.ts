import { useSyncExternalStore } from 'react';

/**
 * One clock for the whole workspace: a single interval ticks every second while anything shows a
 * countdown, and stops when nothing does. Rows read it instead of running a timer each.
 */
const TICK_MS = 1000;
let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const each of listeners) each();
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** The time (ms), renewed each second while mounted. */
export const useNow = (): number => useSyncExternalStore(subscribe, () => now);

/** What is left of a window closing at `closesAt` (ms) as h:mm:ss, or null once closed. */
export function remainingText(closesAt: number, at: number): string | null {
  const seconds = Math.floor((closesAt - at) / 1000);
  if (seconds <= 0) return null;
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  return `${hours}:${String(minutes).padStart(2, '0')}:${String(rest).padStart(2, '0')}`;
}
