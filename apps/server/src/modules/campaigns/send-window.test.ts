import { describe, expect, it } from 'vitest';
import { msUntilWindowOpens } from './send-window.js';

// 2026-11-26 01:30:00 UTC is 09:30 in Shanghai (UTC+8, no summer time).
const at = new Date('2026-11-26T01:30:00.000Z');
const ZONE = 'Asia/Shanghai';
const minutes = (n: number) => n * 60_000;

describe('the send window', () => {
  it('is open without a window, and inside one', () => {
    expect(msUntilWindowOpens(undefined, at, ZONE)).toBe(0);
    expect(msUntilWindowOpens({ from: '09:00', to: '18:00' }, at, ZONE)).toBe(0);
  });

  it('waits for the window to open later today, or tomorrow once it has closed', () => {
    expect(msUntilWindowOpens({ from: '10:00', to: '18:00' }, at, ZONE)).toBe(minutes(30));
    expect(msUntilWindowOpens({ from: '08:00', to: '09:30' }, at, ZONE)).toBe(minutes(22 * 60 + 30));
  });

  it('reads a window past midnight, in the tenant’s time zone', () => {
    expect(msUntilWindowOpens({ from: '22:00', to: '06:00' }, at, ZONE)).toBe(minutes(12 * 60 + 30));
    expect(msUntilWindowOpens({ from: '22:00', to: '10:00' }, at, ZONE)).toBe(0);
    // 01:30 in London: inside 22:00–06:00 there.
    expect(msUntilWindowOpens({ from: '22:00', to: '06:00' }, at, 'Europe/London')).toBe(0);
  });
});
