/** A tenant's day and minute of the day in its time zone: daily aims and working hours are the tenant's. */
export interface LocalClock {
  /** `YYYY-MM-DD` in the time zone. */
  day: string;
  /** Minutes since the local midnight, 0–1439. */
  minute: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      });
    } catch {
      // A zone the runtime does not know (set by hand in the database) counts as UTC rather than fail a visit.
      format = formatOf('UTC');
    }
    formats.set(timeZone, format);
  }
  return format;
}

export function localClock(timeZone: string, at: Date): LocalClock {
  const parts: Record<string, string> = {};
  for (const part of formatOf(timeZone).formatToParts(at)) parts[part.type] = part.value;
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    minute: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** Whether a minute of the day is within working hours `[start, end)`; an end before the start runs past midnight. */
export function withinHours(minute: number, start: number | null, end: number | null): boolean {
  if (start === null || end === null) return true;
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

/** `HH:MM` as minutes of the day, and back. */
export const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
export const clockTextOf = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
