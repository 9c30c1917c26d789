import type { WarmupNumberDay, WarmupPlan, WarmupPlanDetails } from '@ws/contract';
import {
  Alert,
  Card,
  Descriptions,
  Drawer,
  Skeleton,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChartSeries, DaysChart } from '../../components/charts/days-chart.js';
import { CodeLabel, useCodeName } from '../../components/codes/code-label.js';
import { QualityTag } from '../numbers/wslist/number-columns.js';
import { useWarmupDetails } from './warmup-calls.js';

const PACE_TEXT = { gentle: 'paceGentle', normal: 'paceNormal', fast: 'paceFast' } as const;

/** The forecast of the next tier, the target and each number's 1 000-a-second upgrade, with Meta's caveat. */
function ForecastCard({ plan }: { plan: WarmupPlan }) {
  const { t } = useTranslation('warmup');
  const codeName = useCodeName();
  const { forecast } = plan;
  const tier = (code: string) => codeName('MessagingTier', code);
  const lines = [
    ...(forecast.next_tier && forecast.next_tier_day
      ? [t('nextTierDay', { tier: tier(forecast.next_tier), day: forecast.next_tier_day })]
      : []),
    // The target's day, when it is not the next tier's already said above.
    ...(forecast.target_day && forecast.next_tier !== plan.target_tier
      ? [t('targetDay', { tier: tier(plan.target_tier), day: forecast.target_day })]
      : []),
    // The 1 000-a-second upgrade only once the portfolio is (or is planned to be) unlimited.
    ...forecast.throughput.flatMap((number) =>
      number.eligible_from ? [t('throughputForecast', { phone: number.phone, day: number.eligible_from })] : [],
    ),
  ];
  const reached = forecast.target_day === null && !forecast.needs_verification && forecast.next_tier_day === null;
  return (
    <Card size="small" title={t('forecast')} data-testid="warmup-forecast">
      <Space orientation="vertical" style={{ width: '100%' }}>
        {forecast.needs_verification && <Alert type="warning" showIcon title={t('needsVerification')} />}
        {lines.length === 0 && <Typography.Text>{reached ? t('reachedTarget') : t('noForecast')}</Typography.Text>}
        {lines.map((line) => (
          <Typography.Text key={line} data-testid="warmup-forecast-line">
            {line}
          </Typography.Text>
        ))}
        <Typography.Text type="secondary" data-testid="warmup-caveat">
          {forecast.caveat}
        </Typography.Text>
      </Space>
    </Card>
  );
}

/** Per day: the portfolio's planned target against the unique users it reached and the messages sent. */
function PlannedVsActual({ plan }: { plan: WarmupPlanDetails }) {
  const { t } = useTranslation('warmup');
  const series = useMemo<ChartSeries[]>(
    () => [
      { name: t('target'), type: 'bar', data: plan.days.map((day) => day.target) },
      { name: t('reached'), type: 'line', data: plan.days.map((day) => day.reached) },
      { name: t('sent'), type: 'line', data: plan.days.map((day) => day.sent) },
    ],
    [plan.days, t],
  );
  return <DaysChart days={plan.days.map((day) => day.day)} series={series} testId="warmup-days-chart" />;
}

/** Per number and day: its share and what it sent. */
function PerNumber({ plan }: { plan: WarmupPlanDetails }) {
  const { t } = useTranslation('warmup');
  const days = useMemo(() => [...new Set(plan.number_days.map((day) => day.day))], [plan.number_days]);
  const series = useMemo<ChartSeries[]>(() => {
    const phoneOf = (id: string) => plan.numbers.find((number) => number.id === id)?.phone ?? id;
    const ids = [...new Set(plan.number_days.map((day) => day.number_id))];
    const valueOn = (id: string, day: string, pick: (entry: WarmupNumberDay) => number) => {
      const entry = plan.number_days.find((row) => row.number_id === id && row.day === day);
      return entry ? pick(entry) : null;
    };
    return ids.flatMap((id) => [
      {
        name: `${phoneOf(id)} ${t('share')}`,
        type: 'bar' as const,
        data: days.map((day) => valueOn(id, day, (e) => e.share)),
      },
      {
        name: `${phoneOf(id)} ${t('sent')}`,
        type: 'line' as const,
        data: days.map((day) => valueOn(id, day, (e) => e.sent)),
      },
    ]);
  }, [plan.number_days, plan.numbers, days, t]);
  return <DaysChart days={days} series={series} testId="warmup-numbers-chart" />;
}

/** A table of days by number: each number's quality, tier and throughput as the snapshots saw them. */
function QualityOverTime({ plan }: { plan: WarmupPlanDetails }) {
  const { t } = useTranslation('warmup');
  const rows = useMemo(() => {
    const byDay = new Map<string, Record<string, WarmupNumberDay>>();
    for (const entry of plan.number_days) {
      byDay.set(entry.day, { ...byDay.get(entry.day), [entry.number_id]: entry });
    }
    return [...byDay.entries()].map(([day, numbers]) => ({ day, numbers }));
  }, [plan.number_days]);
  const columns: TableColumnsType<(typeof rows)[number]> = [
    { title: t('day'), dataIndex: 'day', fixed: 'left' },
    ...plan.numbers.map((number) => ({
      title: number.phone,
      key: number.id,
      render: (_: unknown, row: (typeof rows)[number]) => {
        const entry = row.numbers[number.id];
        if (!entry) return '-';
        return (
          <Space size={4} wrap>
            <QualityTag quality={entry.quality_rating as 'GREEN'} />
            {entry.messaging_limit_tier && <CodeLabel group="MessagingTier" code={entry.messaging_limit_tier} />}
            <Typography.Text type="secondary">{entry.throughput_per_second}/s</Typography.Text>
            {entry.paused && <Tag color="red">{t('paused')}</Tag>}
          </Space>
        );
      },
    })),
  ];
  return (
    <Table
      rowKey="day"
      size="small"
      pagination={false}
      scroll={{ x: 'max-content' }}
      columns={columns}
      dataSource={rows}
      data-testid="warmup-quality-table"
    />
  );
}

/** The details drawer: the plan, its forecast, planned vs actual per day and per number, quality over time. */
export function WarmupDetailsDrawer({ plan, onClose }: { plan: WarmupPlan | undefined; onClose(): void }) {
  const { t } = useTranslation('warmup');
  const details = useWarmupDetails(plan?.id, plan?.updated_at);
  const shown = details.data;
  return (
    <Drawer
      open={plan !== undefined}
      size={960}
      title={plan && t('detailsTitle', { name: plan.name })}
      onClose={onClose}
      destroyOnHidden
      data-testid="warmup-details"
    >
      {!shown ? (
        <Skeleton active />
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Descriptions column={2} size="small">
            <Descriptions.Item label={t('portfolio')}>{shown.portfolio.name}</Descriptions.Item>
            <Descriptions.Item label={t('currentTier')}>
              <CodeLabel group="MessagingTier" code={shown.portfolio.tier} />
            </Descriptions.Item>
            <Descriptions.Item label={t('targetTier')}>
              <CodeLabel group="MessagingTier" code={shown.target_tier} />
            </Descriptions.Item>
            <Descriptions.Item label={t('pace')}>{t(PACE_TEXT[shown.pace])}</Descriptions.Item>
            <Descriptions.Item label={t('status')}>
              <CodeLabel group="WarmupStatus" code={shown.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('startDate')}>
              {shown.start_date} – {shown.end_date ?? '-'}
            </Descriptions.Item>
            <Descriptions.Item label={t('numbers')}>
              {shown.numbers.map((number) => number.phone).join(', ')}
            </Descriptions.Item>
            <Descriptions.Item label={t('preferEngaged')}>{shown.prefer_engaged ? '✓' : '-'}</Descriptions.Item>
          </Descriptions>
          <ForecastCard plan={shown} />
          <Card size="small" title={t('plannedVsActual')}>
            <PlannedVsActual plan={shown} />
          </Card>
          <Card size="small" title={t('perNumber')}>
            <PerNumber plan={shown} />
          </Card>
          <Card size="small" title={t('qualityOverTime')}>
            <QualityOverTime plan={shown} />
          </Card>
        </Space>
      )}
    </Drawer>
  );
}
