import { formatDateTime, formatTimeOfDay } from '@ws/web-kit/utils';

/** What relativeTime needs to word its answer in the current language. */
export interface RelativeTimeTexts {
  justNow: string;
  secondsAgo: (seconds: number) => string;
  yesterday: string;
}

const dayStart = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();

export const RECENT_SECONDS = 5 * 60;

/**
 * A time as the console shows it (specification section 9): within 5 minutes, seconds ago; today,
 * HH:mm; yesterday, 昨天 HH:mm; earlier, the date (with the time). Local time throughout.
 */
export function relativeTime(value: Date | number | string, texts: RelativeTimeTexts, now = new Date()): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const seconds = Math.floor((now.getTime() - date.getTime()) / 1000);
  if (seconds >= 0 && seconds < RECENT_SECONDS) return seconds < 1 ? texts.justNow : texts.secondsAgo(seconds);
  const today = dayStart(now);
  const day = dayStart(date);
  if (day === today) return formatTimeOfDay(date, { seconds: false });
  // The calendar day before, whatever its length (daylight-saving changes included).
  if (day === dayStart(new Date(today - 12 * 3600 * 1000)))
    return `${texts.yesterday} ${formatTimeOfDay(date, { seconds: false })}`;
  return formatDateTime(date, { seconds: false });
}
