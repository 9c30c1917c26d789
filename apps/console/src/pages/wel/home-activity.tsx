import { HOME_DAYS, type HomeSummary } from '@ws/contract';
import { formatDate } from '@ws/web-kit/utils';
import { Col, Progress, Row, Statistic, Tooltip, Typography } from 'antd';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type ChartOption, EChart } from '../../components/charts/echart.js';
import { CodeLabel } from '../../components/codes/code-label.js';
import { progressPercent } from '../campaigns/campaign-model.js';
import { FigureCard, FigureList, FigureRow } from './figure-card.js';
import { figure } from './home-summary-query.js';

echarts.use([LineChart, BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

type Summary = HomeSummary | undefined;
const OUTCOMES = ['sent', 'received', 'delivered', 'read', 'failed'] as const;
const CAMPAIGN_PAGES = { mass: '/marketingTasks/massHair', burst: '/marketingTasks/explosivePowder' } as const;

/** Today's messages and the last HOME_DAYS days: sent and received as bars, campaign outcomes as lines. */
function MessagesCard({ data }: { data: Summary }) {
  const { t } = useTranslation('home');
  const { t: tMenu } = useTranslation('menu');
  const days = data?.message_days;
  const option = useMemo<ChartOption>(
    () => ({
      grid: { left: 48, right: 16, top: 36, bottom: 32 },
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      xAxis: { type: 'category', data: (days ?? []).map((day) => formatDate(day.day)) },
      yAxis: { type: 'value', minInterval: 1 },
      series: OUTCOMES.map((outcome) => ({
        name: t(outcome),
        type: outcome === 'sent' || outcome === 'received' ? 'bar' : 'line',
        showSymbol: false,
        data: (days ?? []).map((day) => day[outcome]),
      })),
    }),
    // t follows the language, and with it the dates.
    [days, t],
  );
  const today = data?.messages_today;
  return (
    <FigureCard
      title={t('messagesToday')}
      to="/passenger/chat_record"
      link={tMenu('chatRecord')}
      testId="home-messages-card"
    >
      <Row gutter={8}>
        {OUTCOMES.map((outcome) => (
          <Col key={outcome} flex="1 1 0">
            <Statistic title={t(outcome)} value={figure(today?.[outcome])} data-testid={`home-${outcome}`} />
          </Col>
        ))}
      </Row>
      <Typography.Text type="secondary">{t('outcomesHint')}</Typography.Text>
      <Typography.Title level={5} style={{ marginTop: 12 }}>
        {t('messagesChart', { count: HOME_DAYS })}
      </Typography.Title>
      <EChart option={option} height={260} testId="home-messages-chart" />
    </FigureCard>
  );
}

/** Campaigns under way, the newest first, with their progress. */
function CampaignsCard({ data }: { data: Summary }) {
  const { t } = useTranslation('home');
  const { t: tMenu } = useTranslation('menu');
  const campaigns = data?.campaigns;
  return (
    <FigureCard
      title={t('campaigns')}
      to="/marketingTasks/massHair"
      link={tMenu('massHair')}
      testId="home-campaigns-card"
    >
      <FigureList
        items={campaigns?.latest}
        empty={t('campaignsNone')}
        render={(campaign) => (
          <FigureRow key={campaign.id} data-testid="home-campaign" data-id={campaign.id}>
            <Link to={CAMPAIGN_PAGES[campaign.kind]}>{campaign.name}</Link>{' '}
            <Typography.Text type="secondary">
              <CodeLabel group="CampaignStatus" code={campaign.status} />
            </Typography.Text>
            <Progress percent={progressPercent(campaign)} size="small" />
          </FigureRow>
        )}
      />
      {campaigns && campaigns.moving > campaigns.latest.length && (
        <Typography.Text type="secondary">{t('campaignsMore', { count: campaigns.moving })}</Typography.Text>
      )}
    </FigureCard>
  );
}

/** The portfolios' messaging limits, the most used today first. */
function PortfoliosCard({ data }: { data: Summary }) {
  const { t } = useTranslation('home');
  const { t: tMenu } = useTranslation('menu');
  const portfolios = data?.portfolios;
  return (
    <FigureCard
      title={t('portfolios')}
      to="/marketingTasks/cultureTask"
      link={tMenu('cultureTask')}
      testId="home-portfolios-card"
    >
      {portfolios && (
        <Typography.Text type="secondary">
          {t('portfoliosHint', { total: portfolios.total, limited: portfolios.limited })}
        </Typography.Text>
      )}
      <FigureList
        items={portfolios?.busiest}
        render={(portfolio) => {
          const limit = portfolio.messaging_limit;
          const used = `${portfolio.reached_today.toLocaleString()} / ${limit === null ? t('unlimited') : limit.toLocaleString()}`;
          return (
            <FigureRow key={portfolio.id} data-testid="home-portfolio">
              <Tooltip title={t('portfolioNumbers', { count: portfolio.numbers })}>
                <Typography.Text>{portfolio.name}</Typography.Text>
              </Tooltip>{' '}
              <Typography.Text type="secondary">{used}</Typography.Text>
              {limit !== null && (
                <Progress
                  size="small"
                  percent={Math.min(100, Math.floor((portfolio.reached_today / limit) * 100))}
                  status={portfolio.reached_today >= limit ? 'exception' : 'normal'}
                />
              )}
            </FigureRow>
          );
        }}
      />
    </FigureCard>
  );
}

/** The second part of the dashboard: messages with their chart, campaigns and portfolio limits. */
export function HomeActivity({ data }: { data: Summary }) {
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      <Col xs={24} xl={14}>
        <MessagesCard data={data} />
      </Col>
      <Col xs={24} xl={10}>
        <Row gutter={[16, 16]}>
          <Col span={24}>
            <CampaignsCard data={data} />
          </Col>
          <Col span={24}>
            <PortfoliosCard data={data} />
          </Col>
        </Row>
      </Col>
    </Row>
  );
}
