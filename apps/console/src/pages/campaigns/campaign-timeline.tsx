import type { CampaignDetails, RecipientState } from '@ws/contract';
import { formatTimeOfDay } from '@ws/web-kit/utils';
import { Empty } from 'antd';
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChartOption, EChart } from '../../components/charts/echart.js';
import { useCodeName } from '../../components/codes/code-label.js';
import { STATE_COLORS } from './campaign-status.js';

echarts.use([LineChart, GridComponent, LegendComponent, MarkLineComponent, TooltipComponent, CanvasRenderer]);

/** The states the chart draws, one line each. */
export const CHARTED_STATES = [
  'sent',
  'delivered',
  'read',
  'failed',
  'replied',
] as const satisfies readonly RecipientState[];

type ChartedState = (typeof CHARTED_STATES)[number];

/**
 * Recipients reaching each charted state per minute: the minutes in time order, and for each state
 * its count in each of them (zero where nothing happened, so the lines do not jump over gaps).
 */
export function timelineSeries(timeline: CampaignDetails['timeline']): {
  minutes: number[];
  counts: Record<ChartedState, number[]>;
} {
  const minutes = [...new Set(timeline.map((point) => Date.parse(point.at)))].sort((a, b) => a - b);
  const counts = Object.fromEntries(CHARTED_STATES.map((state) => [state, minutes.map(() => 0)])) as Record<
    ChartedState,
    number[]
  >;
  for (const point of timeline) {
    const line = counts[point.state as ChartedState];
    const index = minutes.indexOf(Date.parse(point.at));
    if (line) line[index] = (line[index] ?? 0) + point.n;
  }
  return { minutes, counts };
}

/** The chart's minute an A/B split was decided in (its first minute at or after it), or null. */
export function decisionMinute(minutes: readonly number[], decidedAt: string | null | undefined): number | null {
  if (!decidedAt) return null;
  const minute = Math.floor(Date.parse(decidedAt) / 60_000) * 60_000;
  const index = minutes.findIndex((at) => at >= minute);
  return index === -1 ? null : index;
}

/**
 * Sent, delivered, read, failed and replied per minute, as lines over shaded areas; an A/B split's
 * decision as a line at its minute.
 */
export function CampaignTimeline({
  timeline,
  split,
}: {
  timeline: CampaignDetails['timeline'];
  split?: CampaignDetails['campaign']['split'];
}) {
  const { t } = useTranslation('campaigns');
  const codeName = useCodeName();
  const decision = split?.decision;
  const option = useMemo<ChartOption>(() => {
    const { minutes, counts } = timelineSeries(timeline);
    const decided = decisionMinute(minutes, decision?.decided_at);
    const mark =
      decided === null || !decision
        ? {}
        : {
            markLine: {
              symbol: 'none',
              lineStyle: { type: 'dashed', color: '#722ED1' },
              label: { formatter: t('splitTagWon', { winner: codeName('SplitVariant', decision.winner) }) },
              data: [{ xAxis: decided }],
            },
          };
    return {
      tooltip: { trigger: 'axis' },
      legend: { top: 0, data: CHARTED_STATES.map((state) => codeName('RecipientState', state)) },
      grid: { left: 16, right: 24, top: 40, bottom: 8, containLabel: true },
      // One category a minute: a campaign of a few minutes still fills the width.
      xAxis: {
        type: 'category',
        boundaryGap: false,
        data: minutes.map((at) => formatTimeOfDay(new Date(at)).slice(0, 5)),
      },
      yAxis: { type: 'value', minInterval: 1 },
      series: CHARTED_STATES.map((state, index) => ({
        name: codeName('RecipientState', state),
        type: 'line',
        // A single minute has no line to draw: its points show instead.
        showSymbol: minutes.length <= 1,
        areaStyle: { opacity: 0.12 },
        color: STATE_COLORS[state],
        data: counts[state],
        ...(index === 0 ? mark : {}),
      })),
    };
  }, [timeline, codeName, decision, t]);
  if (timeline.length === 0) return <Empty data-testid="campaign-timeline-empty" />;
  return <EChart option={option} height={260} testId="campaign-timeline" />;
}
