import type { OrderProgress } from '@ws/contract';
import { dayInTimeZone } from '@ws/web-kit/utils';
import { Empty } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChartSeries, DaysChart } from '../../components/charts/days-chart.js';

/** The most days the chart shows: the latest ones. */
const MAX_DAYS = 92;
const DAY_MS = 86_400_000;

/** Every day from the first to the last, inclusive (both days as the API writes them), at most MAX_DAYS of the latest. */
export function daysBetween(first: string, last: string): string[] {
  const end = Date.parse(`${last}T00:00:00Z`);
  const start = Math.max(Date.parse(`${first}T00:00:00Z`), end - (MAX_DAYS - 1) * DAY_MS);
  const days: string[] = [];
  for (let day = start; day <= end; day += DAY_MS) days.push(new Date(day).toISOString().slice(0, 10));
  return days;
}

/**
 * The chart's days, in the order's time zone: from the later of the order's start and the period's
 * to today (or the order's end), widened to any day that has leads.
 */
export function chartDays({ order, days }: Pick<OrderProgress, 'order' | 'days'>, now: Date): string[] {
  const zone = order.time_zone;
  const from = new Date(Math.max(Date.parse(order.starts_at), Date.parse(order.period_started_at)));
  const to = new Date(Math.min(now.getTime(), Date.parse(order.ends_at) - 1));
  const counted = days.map((day) => day.day).sort();
  const first = [dayInTimeZone(from, zone), ...counted].sort()[0] as string;
  const last = [dayInTimeZone(to < from ? from : to, zone), ...counted].sort().at(-1) as string;
  return daysBetween(first, last);
}

/**
 * Leads per local day of the order's current period, one stacked bar per share, with the order's
 * daily aim as a line: from the period's (or the order's) start to today or the end.
 */
export function ProgressChart({ progress }: { progress: OrderProgress }) {
  const { t } = useTranslation('orders');
  const { order, shares, days } = progress;
  const range = useMemo(() => chartDays(progress, new Date()), [progress]);
  const series = useMemo<ChartSeries[]>(() => {
    const bars = shares
      .filter((share) => !share.removed || days.some((day) => day.share_id === share.id))
      .map((share) => ({
        name: `${share.owner_name} #${share.id}`,
        type: 'bar' as const,
        stack: 'leads',
        data: range.map((day) => days.find((entry) => entry.day === day && entry.share_id === share.id)?.leads ?? 0),
      }));
    const aim = order.daily_aim;
    return aim === null ? bars : [...bars, { name: t('aimLine'), type: 'line' as const, data: range.map(() => aim) }];
  }, [shares, days, range, order.daily_aim, t]);
  if (shares.length === 0) return <Empty description={t('noLeads')} />;
  return <DaysChart days={range} series={series} testId="order-days-chart" />;
}
