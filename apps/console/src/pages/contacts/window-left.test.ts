import { describe, expect, it } from 'vitest';
import { windowLeft } from './window-left.js';

describe('windowLeft', () => {
  const now = Date.parse('2025-03-01T12:00:00Z');

  it('gives hours and minutes left, rounded up to the minute', () => {
    expect(windowLeft('2025-03-02T11:59:00Z', now)).toEqual({ hours: 23, minutes: 59 });
    expect(windowLeft('2025-03-01T13:30:00Z', now)).toEqual({ hours: 1, minutes: 30 });
    expect(windowLeft('2025-03-01T12:00:30Z', now)).toEqual({ hours: 0, minutes: 1 });
  });

  it('is undefined for a closed window, none, or a bad time', () => {
    expect(windowLeft('2025-03-01T12:00:00Z', now)).toBeUndefined();
    expect(windowLeft('2025-03-01T11:00:00Z', now)).toBeUndefined();
    expect(windowLeft(null, now)).toBeUndefined();
    expect(windowLeft('not a time', now)).toBeUndefined();
  });
});
