import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useMemo } from 'react';
import { type ChartOption, EChart } from './echart.js';

// Only the chart types day charts draw, so a page's chunk stays small.
echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export interface ChartSeries {
  name: string;
  type: 'bar' | 'line';
  data: (number | null)[];
  /** Bars of one stack are drawn on top of each other. */
  stack?: string;
}

/** Days along the bottom, one bar or line per series. */
export function DaysChart({
  days,
  series,
  height = 260,
  testId,
}: {
  days: string[];
  series: ChartSeries[];
  height?: number;
  testId: string;
}) {
  const option = useMemo<ChartOption>(
    () => ({
      grid: { left: 56, right: 16, top: 40, bottom: 32 },
      tooltip: { trigger: 'axis' },
      legend: { top: 0, type: 'scroll' },
      xAxis: { type: 'category', data: days.map((day) => day.slice(5)) },
      yAxis: { type: 'value', minInterval: 1 },
      series: series.map((entry) => ({ ...entry, smooth: entry.type === 'line', connectNulls: false })),
    }),
    [days, series],
  );
  return <EChart option={option} height={height} testId={testId} />;
}
