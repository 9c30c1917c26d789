import { formatTimeOfDay } from '@ws/web-kit/utils';
import { Card, Col, Empty, Row, Statistic } from 'antd';
import { LineChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChartOption, EChart } from '../../components/charts/echart.js';
import { useNetworkSamples } from '../../shell/network/network-monitor.js';

echarts.use([LineChart, GridComponent, TooltipComponent, CanvasRenderer]);

const clock = (at: number) => formatTimeOfDay(at);

/** /wel/dashboard: the console's live view of its connection to the server, from the 3 s pings. */
export default function DashboardPage() {
  const { t } = useTranslation('pages');
  const samples = useNetworkSamples();
  const latency = useMemo<ChartOption>(
    () => ({
      grid: { left: 48, right: 16, top: 24, bottom: 32 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: samples.map((sample) => clock(sample.at)) },
      yAxis: { type: 'value', name: t('dashboardLatencyAxis'), min: 0 },
      series: [
        {
          type: 'line',
          smooth: true,
          showSymbol: false,
          areaStyle: { opacity: 0.15 },
          data: samples.map((s) => s.latencyMs),
        },
      ],
    }),
    [samples, t],
  );

  const answered = samples.flatMap((sample) => (sample.latencyMs === null ? [] : [sample.latencyMs]));
  const average = answered.length ? Math.round(answered.reduce((sum, value) => sum + value, 0) / answered.length) : 0;
  return (
    <div data-testid="dashboard-page">
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={24} md={8}>
          <Card>
            <Statistic title={t('dashboardAverage')} value={average} suffix="ms" />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card>
            <Statistic title={t('dashboardWorst')} value={answered.length ? Math.max(...answered) : 0} suffix="ms" />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card>
            <Statistic title={t('dashboardFailures')} value={samples.length - answered.length} />
          </Card>
        </Col>
      </Row>
      <Card title={t('dashboardLatency', { count: samples.length })}>
        {samples.length === 0 && <Empty description={t('dashboardNoSamples')} />}
        <EChart option={latency} merge testId="latency-chart" />
      </Card>
    </div>
  );
}
