import { createStore, useStore } from '@ws/web-kit/storage';
import { runPeriodically } from '@ws/web-kit/utils';
import { settings } from '../../settings/settings.js';

/** Four bars at best, one at worst (or when the ping failed). */
export type NetworkLevel = 1 | 2 | 3 | 4;

export interface PingSample {
  at: number;
  /** Round trip in ms; null when the ping failed. */
  latencyMs: number | null;
}

export function levelOf(
  latencyMs: number | null,
  thresholds: readonly number[] = settings.networkThresholdsMs,
): NetworkLevel {
  if (latencyMs === null) return 1;
  const [best = 100, good = 500, fair = 1000] = thresholds;
  if (latencyMs < best) return 4;
  if (latencyMs < good) return 3;
  if (latencyMs < fair) return 2;
  return 1;
}

/** How many samples the dashboard's latency chart keeps (three minutes at one per 3 s). */
export const SAMPLE_HISTORY = 60;

export const networkSamples = createStore<readonly PingSample[]>([]);

export interface NetworkMonitorDeps {
  /** One round trip to the server; rejects when it fails. */
  ping: (signal: AbortSignal) => Promise<unknown>;
  now?: () => number;
  intervalMs?: number;
}

/**
 * Pings every 3 s and records the round trip. A ping slower than the interval is abandoned and
 * counts as failed; failures are logged only, never shown as errors.
 */
export function startNetworkMonitor({
  ping,
  now = () => performance.now(),
  intervalMs = settings.pingIntervalMs,
}: NetworkMonitorDeps) {
  const sample = async () => {
    const controller = new AbortController();
    const timeout = setTimeout(() => controller.abort(), intervalMs);
    const started = now();
    let latencyMs: number | null;
    try {
      await ping(controller.signal);
      latencyMs = Math.round(now() - started);
    } catch (error) {
      console.warn('ping failed', error);
      latencyMs = null;
    } finally {
      clearTimeout(timeout);
    }
    networkSamples.set([...networkSamples.get(), { at: Date.now(), latencyMs }].slice(-SAMPLE_HISTORY));
  };
  return runPeriodically(sample, intervalMs);
}

export function useNetworkSamples(): readonly PingSample[] {
  return useStore(networkSamples);
}
