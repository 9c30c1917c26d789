import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { levelOf, networkSamples, SAMPLE_HISTORY, startNetworkMonitor } from './network-monitor.js';

describe('network level', () => {
  it('follows the 100/500/1000 ms thresholds', () => {
    expect([0, 99, 100, 499, 500, 999, 1000, 5000].map((ms) => levelOf(ms))).toEqual([4, 4, 3, 3, 2, 2, 1, 1]);
    expect(levelOf(null)).toBe(1);
  });
});

describe('network monitor', () => {
  let stop: () => void = () => undefined;
  beforeEach(() => {
    vi.useFakeTimers();
    networkSamples.set([]);
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it('pings at once and every 3 s, recording each round trip', async () => {
    const delays = [40, 250, 700];
    const ping = vi.fn(() => new Promise((resolve) => setTimeout(resolve, delays.shift() ?? 1500)));
    stop = startNetworkMonitor({ ping, now: () => Date.now() });
    await vi.advanceTimersByTimeAsync(9_000);
    expect(ping).toHaveBeenCalledTimes(4);
    expect(networkSamples.get().map((sample) => sample.latencyMs)).toEqual([40, 250, 700]);
    expect(networkSamples.get().map((sample) => levelOf(sample.latencyMs))).toEqual([4, 3, 2]);
  });

  it('counts a failed or too slow ping as the worst level and logs it only', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let call = 0;
    const ping = vi.fn(
      (signal: AbortSignal) =>
        new Promise((_resolve, reject) => {
          call += 1;
          if (call === 1) reject(new Error('offline'));
          signal.addEventListener('abort', () => reject(new Error('aborted')));
        }),
    );
    stop = startNetworkMonitor({ ping, now: () => Date.now() });
    await vi.advanceTimersByTimeAsync(6_001); // the second ping is abandoned after 3 s
    expect(networkSamples.get().map((sample) => sample.latencyMs)).toEqual([null, null]);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('keeps a bounded history', async () => {
    stop = startNetworkMonitor({ ping: async () => undefined, now: () => Date.now() });
    await vi.advanceTimersByTimeAsync(3_000 * (SAMPLE_HISTORY + 10));
    expect(networkSamples.get()).toHaveLength(SAMPLE_HISTORY);
  });
});
