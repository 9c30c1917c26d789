import { type ECharts, type EChartsCoreOption, init } from 'echarts/core';
import { useEffect, useRef } from 'react';

export type ChartOption = EChartsCoreOption;

/**
 * One ECharts canvas that follows its option and the window's size. The screen registers the chart
 * types it draws (`echarts.use`), so each page's chunk holds only its own.
 */
export function EChart({
  option,
  height = 320,
  merge = false,
  testId,
}: {
  option: ChartOption;
  height?: number;
  /** Merge a new option into the chart instead of replacing it (a live chart with the same series). */
  merge?: boolean;
  testId: string;
}) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);

  useEffect(() => {
    if (!element.current) return;
    const instance = init(element.current);
    chart.current = instance;
    const resize = () => instance.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    // Replace by default: a range with fewer numbers or sources must not keep the old ones.
    chart.current?.setOption(option, !merge);
  }, [option, merge]);

  return <div ref={element} style={{ height }} data-testid={testId} />;
}
