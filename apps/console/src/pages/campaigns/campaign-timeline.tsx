import type { CampaignDetails, RecipientState } from '@ws/contract';
import { Empty } from 'antd';
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useMemo } from 'react';
import { type ChartOption, EChart } from '../../components/charts/echart.js';
import { useCodeName } from '../../components/codes/code-label.js';
import { STATE_COLORS } from './campaign-status.js';

echarts.use([LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** The states the chart draws, one line each. */
export const CHARTED_STATES = [
  'sent',
  'delivered',
  'read',
  'failed',
  'replied',
] as const satisfies readonly RecipientState[];

/** Recipients reaching each charted state per minute, as [time in ms, count] pairs in time order. */
export function timelineSeries(
  timeline: CampaignDetails['timeline'],
): Record<(typeof CHARTED_STATES)[number], [number, number][]> {
  const minutes = [...new Set(timeline.map((point) => Date.parse(point.at)))].sort((a, b) => a - b);
  const series = Object.fromEntries(CHARTED_STATES.map((state) => [state, new Map<number, number>()])) as Record<
    (typeof CHARTED_STATES)[number],
    Map<number, number>
  >;
  for (const point of timeline) {
    const counts = series[point.state as (typeof CHARTED_STATES)[number]];
    if (!counts) continue;
    const at = Date.parse(point.at);
    counts.set(at, (counts.get(at) ?? 0) + point.n);
  }
  // Every minute on every line, zero where nothing happened, so the lines do not jump over gaps.
  return Object.fromEntries(
    CHARTED_STATES.map((state) => [state, minutes.map((at): [number, number] => [at, series[state].get(at) ?? 0])]),
  ) as Record<(typeof CHARTED_STATES)[number], [number, number][]>;
}

/** Sent, delivered, read, failed and replied per minute, as lines over shaded areas. */
export function CampaignTimeline({ timeline }: { timeline: CampaignDetails['timeline'] }) {
  const codeName = useCodeName();
  const option = useMemo<ChartOption>(() => {
    const series = timelineSeries(timeline);
    return {
      tooltip: { trigger: 'axis' },
      legend: { data: CHARTED_STATES.map((state) => codeName('RecipientState', state)) },
      grid: { left: 48, right: 24, top: 40, bottom: 32 },
      xAxis: { type: 'time' },
      yAxis: { type: 'value', minInterval: 1 },
      series: CHARTED_STATES.map((state) => ({
        name: codeName('RecipientState', state),
        type: 'line',
        showSymbol: false,
        areaStyle: { opacity: 0.12 },
        color: STATE_COLORS[state],
        data: series[state],
      })),
    };
  }, [timeline, codeName]);
  if (timeline.length === 0) return <Empty data-testid="campaign-timeline-empty" />;
  return <EChart option={option} height={260} testId="campaign-timeline" />;
}
