import type { Language } from '@ws/contract';
import dayjs, { type Dayjs } from 'dayjs';
import { currentLanguage } from '../i18n/language.js';

type Moment = Date | Dayjs | number | string;

/**
 * The front ends' one way of writing dates and times, per language, 24-hour, local time: every
 * screen formats through these functions so a table never mixes "11/24/2026, 00:20:41",
 * "12:20:41 AM" and "2026-11-14 15:24". A date-time is always the date, a space and the time.
 */
const PATTERNS: Record<Language, { date: string; locale: string }> = {
  zh: { date: 'YYYY-MM-DD', locale: 'zh-cn' },
  en: { date: 'D MMM YYYY', locale: 'en' },
};
const clock = (seconds: boolean) => (seconds ? 'HH:mm:ss' : 'HH:mm');

/** The options of every formatter: minutes only, and the language (the chosen one by default). */
export interface DateTimeOptions {
  seconds?: boolean;
  language?: Language;
}

function format(value: Moment, pattern: (date: string) => string, language: Language): string {
  const moment = dayjs(value);
  if (!moment.isValid()) return '';
  const { date, locale } = PATTERNS[language];
  return moment.locale(locale).format(pattern(date));
}

/** `2026-11-24 00:20:41` in Chinese, `24 Nov 2026 00:20:41` in English. */
export function formatDateTime(value: Moment, { seconds = true, language = currentLanguage() }: DateTimeOptions = {}) {
  return format(value, (date) => `${date} ${clock(seconds)}`, language);
}

/** `2026-11-24` in Chinese, `24 Nov 2026` in English. */
export function formatDate(value: Moment, { language = currentLanguage() }: DateTimeOptions = {}) {
  return format(value, (date) => date, language);
}

/** The time of day, `00:20:41` (or `00:20`), the same in both languages. */
export function formatTimeOfDay(value: Moment, { seconds = true, language = currentLanguage() }: DateTimeOptions = {}) {
  return format(value, () => clock(seconds), language);
}

/** The date pattern of the date pickers, so a picked date reads like the dates in the tables. */
export const datePickerFormat = (language: Language = currentLanguage()) => PATTERNS[language].date;

/** The pattern of pickers with a time of day (minutes), so a picked start reads like the tables. */
export const dateTimePickerFormat = (language: Language = currentLanguage()) =>
  `${PATTERNS[language].date} ${clock(false)}`;

/** The time part of such pickers. */
export const TIME_PICKER_FORMAT = clock(false);

/** A day as the API takes it (`2026-11-24`), whatever the language. */
export const toDateParam = (day: Dayjs) => day.format('YYYY-MM-DD');

/** A time's calendar day in a time zone, written as the API writes days (`2026-11-24`). */
export const dayInTimeZone = (time: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(time);
