import { type AudienceList, ROW_OUTCOMES } from '@ws/contract';
import { useLanguage } from '@ws/web-kit/i18n';
import { Card, Col, Empty, Row, Statistic, Table, Tag, Typography } from 'antd';
import { BarChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChartOption, EChart } from '../../components/charts/echart.js';
import { useCodeName } from '../../components/codes/code-label.js';
import { countryName } from '../../components/codes/code-names.js';
import { OUTCOME_COLORS } from './audience-status.js';

// Only the chart types this screen draws, so the page's chunk stays small.
echarts.use([PieChart, BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

const TOP_COUNTRIES = 20;
/** Entries of a tally, largest first. */
const sorted = (tally: Record<string, number>) => Object.entries(tally).sort((a, b) => b[1] - a[1]);

/**
 * What a list's check found: the counts, a chart of the outcomes, the invalid rows by reason, the
 * valid numbers by country and by type.
 */
export function AudienceCounts({ list }: { list: AudienceList }) {
  const { t } = useTranslation('audiences');
  const codeName = useCodeName();
  const language = useLanguage();
  const { counts } = list;

  const outcomes = useMemo<ChartOption>(
    () => ({
      tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
      legend: { bottom: 0 },
      series: [
        {
          type: 'pie',
          radius: ['40%', '70%'],
          top: 0,
          bottom: 32,
          // Outcomes no row has are left out, so their labels do not pile up on the chart.
          data: ROW_OUTCOMES.filter((outcome) => counts[outcome] > 0).map((outcome) => ({
            name: codeName('RowOutcome', outcome),
            value: counts[outcome],
            itemStyle: { color: OUTCOME_COLORS[outcome] },
          })),
        },
      ],
    }),
    [counts, codeName],
  );

  const reasons = useMemo<ChartOption>(() => {
    const entries = sorted(counts.reasons);
    return {
      grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: { type: 'category', inverse: true, data: entries.map(([reason]) => codeName('InvalidReason', reason)) },
      series: [{ type: 'bar', data: entries.map(([, count]) => count), itemStyle: { color: OUTCOME_COLORS.invalid } }],
    };
  }, [counts, codeName]);

  const countries = sorted(counts.countries)
    .slice(0, TOP_COUNTRIES)
    .map(([code, count]) => ({ code, count }));
  const figures = [
    { key: 'rows', title: t('countRows'), value: counts.rows },
    { key: 'valid', title: t('countValid'), value: counts.valid },
    ...ROW_OUTCOMES.map((outcome) => ({
      key: outcome,
      title: codeName('RowOutcome', outcome),
      value: counts[outcome],
    })),
    { key: 'loaded', title: t('countLoaded'), value: list.loaded_rows },
  ];

  return (
    <Row gutter={[16, 16]} data-testid="audience-counts">
      <Col span={24}>
        <Row gutter={[16, 8]}>
          {figures.map((figure) => (
            <Col key={figure.key} xs={12} sm={6} md={3}>
              <Statistic title={figure.title} value={figure.value} data-testid={`audience-count-${figure.key}`} />
            </Col>
          ))}
        </Row>
      </Col>
      <Col xs={24} lg={12}>
        <Card size="small" title={t('outcomeChart')}>
          {counts.rows > 0 ? (
            <EChart option={outcomes} height={260} testId="audience-outcome-chart" />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
          )}
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card size="small" title={t('reasonChart')}>
          {counts.invalid > 0 ? (
            <EChart option={reasons} height={260} testId="audience-reason-chart" />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noInvalid')} />
          )}
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card size="small" title={t('countries')}>
          <Table<{ code: string; count: number }>
            size="small"
            rowKey="code"
            pagination={false}
            dataSource={countries}
            columns={[
              { title: t('country'), dataIndex: 'code', render: (code: string) => countryName(language, code) },
              { title: t('validNumbers'), dataIndex: 'count', align: 'right' },
            ]}
            data-testid="audience-countries"
          />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card size="small" title={t('types')}>
          {sorted(counts.types).map(([type, count]) => (
            <Tag key={type} style={{ marginBottom: 4 }}>
              {codeName('PhoneType', type)} {count.toLocaleString()}
            </Tag>
          ))}
          {Object.keys(counts.types).length === 0 && <Typography.Text type="secondary">-</Typography.Text>}
        </Card>
      </Col>
    </Row>
  );
}
