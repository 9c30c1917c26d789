import { describe, expect, it } from 'vitest';
import { setLanguage } from '../i18n/language.js';
import { formatDate, formatDateTime, formatTimeOfDay } from './date-time.js';

const at = new Date(2026, 10, 24, 0, 20, 41);

describe('the date-time format', () => {
  it('writes dates one way in Chinese, 24-hour', () => {
    expect(formatDateTime(at, { language: 'zh' })).toBe('2026-11-24 00:20:41');
    expect(formatDateTime(at, { language: 'zh', seconds: false })).toBe('2026-11-24 00:20');
    expect(formatDate(at, { language: 'zh' })).toBe('2026-11-24');
    expect(formatTimeOfDay(at, { language: 'zh' })).toBe('00:20:41');
  });

  it('writes dates one way in English, 24-hour, with the month named', () => {
    expect(formatDateTime(at, { language: 'en' })).toBe('24 Nov 2026 00:20:41');
    expect(formatDate(at, { language: 'en' })).toBe('24 Nov 2026');
    expect(formatTimeOfDay(new Date(2026, 10, 24, 13, 5, 9), { language: 'en' })).toBe('13:05:09');
  });

  it('follows the chosen language, and takes ISO strings, timestamps and calendar days', () => {
    setLanguage('en');
    expect(formatDateTime(at.toISOString())).toBe('24 Nov 2026 00:20:41');
    setLanguage('zh');
    expect(formatDateTime(at.getTime())).toBe('2026-11-24 00:20:41');
    expect(formatDate('2026-11-14')).toBe('2026-11-14');
    expect(formatDateTime('not a date')).toBe('');
  });
});
