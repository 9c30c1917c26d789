import type { CampaignSchedule } from '@ws/contract';

const minutesOf = (clock: string) => {
  const [hours, minutes] = clock.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
};

/** Hours a day a send window allows (it may wrap past midnight); 24 without one. */
export function windowHours(window: CampaignSchedule['window']): number {
  if (!window) return 24;
  const span = (minutesOf(window.to) - minutesOf(window.from) + 1440) % 1440;
  return span / 60;
}

/** Minutes and seconds past local midnight of `now` in the time zone. */
function localClock(now: Date, timeZone: string): { minute: number; second: number } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { minute: part('hour') * 60 + part('minute'), second: part('second') };
}

/**
 * How long until the send window opens: 0 when it is open now (or there is none). The window
 * [from, to) is in the tenant's time zone (`tenant.time_zone`) and may wrap past midnight (22:00–06:00).
 */
export function msUntilWindowOpens(window: CampaignSchedule['window'], now: Date, timeZone: string): number {
  if (!window) return 0;
  const from = minutesOf(window.from);
  const to = minutesOf(window.to);
  const { minute, second } = localClock(now, timeZone);
  const open = from < to ? minute >= from && minute < to : minute >= from || minute < to;
  if (open) return 0;
  const minutesLeft = (from - minute + 1440) % 1440;
  return Math.max(1000, (minutesLeft * 60 - second) * 1000 - now.getMilliseconds());
}
