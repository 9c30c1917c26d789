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
