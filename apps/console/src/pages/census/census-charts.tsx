import { CENSUS_TOP_NUMBERS, type CensusData } from '@ws/contract';
import { formatDate } from '@ws/web-kit/utils';
import { Card, Col, Row } from 'antd';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChartOption, EChart } from '../../components/charts/echart.js';
import { useOptInSourceName } from '../../components/codes/code-label.js';

// Only the chart types this screen draws, so the page's chunk stays small.
echarts.use([LineChart, BarChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** A source as people read it: contacts who wrote first without recorded consent have none. */
function useSourceLabel(): (source: string) => string {
  const { t } = useTranslation('census');
  const sourceName = useOptInSourceName();
  return useCallback((source: string) => (source === 'inbound' ? t('inbound') : sourceName(source)), [t, sourceName]);
}

/** The per-day line chart, and the by-number bar and by-source pie of the range. */
export function CensusCharts({ data }: { data: CensusData | undefined }) {
  const { t } = useTranslation('census');
  const sourceLabel = useSourceLabel();

  const trend = useMemo<ChartOption>(
    () => ({
      grid: { left: 48, right: 16, top: 40, bottom: 32 },
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      xAxis: { type: 'category', data: data?.days.map((day) => formatDate(day.day)) ?? [] },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        { name: t('created'), type: 'line', smooth: true, data: data?.days.map((day) => day.created) ?? [] },
        { name: t('optOuts'), type: 'line', smooth: true, data: data?.days.map((day) => day.opted_out) ?? [] },
      ],
    }),
    [data, t],
  );

  const byNumber = useMemo<ChartOption>(() => {
    const numbers = data?.by_number ?? [];
    return {
      grid: { left: 48, right: 16, top: 40, bottom: 64 },
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      xAxis: {
        type: 'category',
        axisLabel: { rotate: 30 },
        data: numbers.map((entry) => entry.phone || t('noNumber')),
      },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        { name: t('created'), type: 'bar', data: numbers.map((entry) => entry.created) },
        { name: t('optOuts'), type: 'bar', data: numbers.map((entry) => entry.opted_out) },
      ],
    };
  }, [data, t]);

  const bySource = useMemo<ChartOption>(
    () => ({
      tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
      legend: { type: 'scroll', bottom: 0 },
      series: [
        {
          name: t('created'),
          type: 'pie',
          radius: ['35%', '70%'],
          center: ['50%', '45%'],
          // Shares on the slices: names beside them would not fit a narrow card (the legend has them).
          label: { position: 'inside', formatter: '{d}%', color: '#fff' },
          data: (data?.by_source ?? []).map((entry) => ({ name: sourceLabel(entry.source), value: entry.created })),
        },
      ],
    }),
    [data, t, sourceLabel],
  );

  return (
    <>
      <Card title={t('trendTitle')} style={{ marginBottom: 16 }}>
        <EChart option={trend} testId="census-trend-chart" />
      </Card>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={24} lg={14}>
          <Card title={t('byNumberTitle', { count: CENSUS_TOP_NUMBERS })}>
            <EChart option={byNumber} testId="census-number-chart" />
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card title={t('bySourceTitle')}>
            <EChart option={bySource} testId="census-source-chart" />
          </Card>
        </Col>
      </Row>
    </>
  );
}
