import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { calls, type LedgerUnit } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { Card, Col, Row } from 'antd';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChartOption, EChart } from '../../components/charts/echart.js';
import type { DayRange } from './ledger-filters.js';

echarts.use([LineChart, BarChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** Spent money (USD, positive), used characters or invites, from a signed amount of the roll-up. */
const usedOf = (unit: LedgerUnit, amount: number) =>
  unit === 'usd_micros' ? Math.round(-amount / 10_000) / 100 : -amount;

/** Daily usage, and usage by category, country and number, of a day range. */
export function UsageCharts({ unit, range }: { unit: LedgerUnit; range: DayRange }) {
  const { t } = useTranslation('billing');
  const summary = useQuery({
    queryKey: [calls.usageSummary.id, unit, range],
    queryFn: ({ signal }) => callApi(calls.usageSummary, { body: { unit, filters: range }, signal }),
    placeholderData: keepPreviousData,
  });
  const data = summary.data;
  const valueName = { usd_micros: t('spent'), chars: t('characters'), invites: t('invitesUsed') }[unit];
  const daily = useMemo<ChartOption>(
    () => ({
      grid: { left: 56, right: 16, top: 40, bottom: 32 },
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      xAxis: { type: 'category', data: data?.days.map((day) => day.day) ?? [] },
      yAxis: [{ type: 'value' }, { type: 'value', minInterval: 1 }],
      series: [
        { name: valueName, type: 'bar', data: data?.days.map((day) => usedOf(unit, day.amount)) ?? [] },
        {
          name: unit === 'usd_micros' ? t('messages') : t('quantity'),
          type: 'line',
          yAxisIndex: 1,
          data: data?.days.map((day) => day.quantity) ?? [],
        },
      ],
    }),
    [data, t, unit, valueName],
  );
  const pie = (rows: { key: string; amount: number }[] | undefined): ChartOption => ({
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    legend: { type: 'scroll', bottom: 0 },
    series: [
      {
        name: valueName,
        type: 'pie',
        radius: ['35%', '70%'],
        label: { position: 'inside', formatter: '{d}%', color: '#fff' },
        data: (rows ?? []).map((row) => ({ name: row.key || '—', value: usedOf(unit, row.amount) })),
      },
    ],
  });
  return (
    <Row gutter={16} style={{ marginBottom: 16 }}>
      <Col xs={24} lg={12}>
        <Card title={t('dailyTitle')} loading={summary.isLoading}>
          <EChart option={daily} testId="usage-daily-chart" />
        </Card>
      </Col>
      <Col xs={24} lg={4}>
        <Card title={t('byCategory')}>
          <EChart option={pie(data?.by_category)} testId="usage-category-chart" />
        </Card>
      </Col>
      <Col xs={24} lg={4}>
        <Card title={t('byCountry')}>
          <EChart option={pie(data?.by_country)} testId="usage-country-chart" />
        </Card>
      </Col>
      <Col xs={24} lg={4}>
        <Card title={t('byNumber')}>
          <EChart option={pie(data?.by_number)} testId="usage-number-chart" />
        </Card>
      </Col>
    </Row>
  );
}
