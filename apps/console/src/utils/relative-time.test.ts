import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time.js';

const texts = { justNow: '刚刚', secondsAgo: (s: number) => `${s} 秒前`, yesterday: '昨天' };
const now = new Date(2026, 10, 21, 14, 30, 0);
const at = (day: number, hours: number, minutes: number, seconds = 0) =>
  new Date(2026, 10, day, hours, minutes, seconds);

describe('relativeTime', () => {
  it('shows seconds within five minutes', () => {
    expect(relativeTime(now, texts, now)).toBe('刚刚');
    expect(relativeTime(at(21, 14, 29, 30), texts, now)).toBe('30 秒前');
    expect(relativeTime(at(21, 14, 25, 1), texts, now)).toBe('299 秒前');
  });
  it('shows the clock for the rest of today', () => {
    expect(relativeTime(at(21, 14, 25, 0), texts, now)).toBe('14:25');
    expect(relativeTime(at(21, 0, 5), texts, now)).toBe('00:05');
  });
  it('says 昨天 for yesterday', () => {
    expect(relativeTime(at(20, 23, 59), texts, now)).toBe('昨天 23:59');
    expect(relativeTime(at(20, 0, 0), texts, now)).toBe('昨天 00:00');
  });
  it('shows the date before that, and across months', () => {
    expect(relativeTime(at(19, 9, 3), texts, now)).toBe('2026-11-19 09:03');
    const firstOfMonth = new Date(2026, 11, 1, 8, 0);
    expect(relativeTime(new Date(2026, 10, 30, 22, 10), texts, firstOfMonth)).toBe('昨天 22:10');
  });
  it('accepts timestamps and ISO strings, and gives nothing for a bad date', () => {
    expect(relativeTime(at(21, 14, 29, 50).getTime(), texts, now)).toBe('10 秒前');
    expect(relativeTime(at(21, 9, 0).toISOString(), texts, now)).toBe('09:00');
    expect(relativeTime('not a date', texts, now)).toBe('');
  });
});
