import type { WarmupScheduleDay } from '@ws/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChartSeries, DaysChart } from '../../components/charts/days-chart.js';

/** The form's preview: the planned target of each day. */
export function SchedulePreviewChart({ days }: { days: WarmupScheduleDay[] }) {
  const { t } = useTranslation('warmup');
  const series = useMemo<ChartSeries[]>(
    () => [{ name: t('target'), type: 'bar', data: days.map((day) => day.target) }],
    [days, t],
  );
  return <DaysChart days={days.map((day) => day.day)} series={series} height={200} testId="warmup-preview-chart" />;
}
