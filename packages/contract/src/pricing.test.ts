import { describe, expect, it } from 'vitest';
import { formatMicros, microsOf } from './pricing.js';

describe('microsOf', () => {
  it('reads a decimal amount into micro-units without a float', () => {
    expect(microsOf('0.0107')).toBe(10_700);
    expect(microsOf('0.1597')).toBe(159_700);
    expect(microsOf('1')).toBe(1_000_000);
    expect(microsOf(' 12.5 ')).toBe(12_500_000);
    // 0.1 + 0.2 in floating point is 0.30000000000000004; here it is exact.
    expect(microsOf('0.3')).toBe(300_000);
  });

  it('rounds half up at the sixth decimal', () => {
    expect(microsOf('0.0000005')).toBe(1);
    expect(microsOf('0.0000004999')).toBe(0);
    expect(microsOf('0.9999995')).toBe(1_000_000);
  });

  it('refuses anything but a plain non-negative decimal', () => {
    for (const bad of ['', '-0.01', '1e-3', '0,01', '.5', 'abc', '99999999999']) expect(microsOf(bad), bad).toBeNull();
  });
});

describe('formatMicros', () => {
  it('shows micro-units with the places asked for, rounded half up', () => {
    expect(formatMicros(12_345_678, 2)).toBe('12.35');
    expect(formatMicros(12_344_999, 2)).toBe('12.34');
    expect(formatMicros(10_700, 4)).toBe('0.0107');
    expect(formatMicros(5_000, 2)).toBe('0.01');
    expect(formatMicros(4_999, 2)).toBe('0.00');
    expect(formatMicros(0, 2)).toBe('0.00');
    expect(formatMicros(1_500_000, 0)).toBe('2');
    expect(formatMicros(999_995, 5)).toBe('1.00000');
    expect(formatMicros(999_994, 5)).toBe('0.99999');
    expect(formatMicros(999_995_000, 2)).toBe('1000.00');
  });
});
