import { DownloadOutlined } from '@ant-design/icons';
import { calls, type Link, type LinkClick, type LinkDetails } from '@ws/contract';
import { PagedTable, useDownload } from '@ws/web-kit/list';
import { formatDateTime } from '@ws/web-kit/utils';
import {
  Button,
  Card,
  Drawer,
  Radio,
  Skeleton,
  Space,
  Statistic,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChartSeries, DaysChart } from '../../components/charts/days-chart.js';
import { CodeLabel } from '../../components/codes/code-label.js';
import { useLinkClicks, useLinkDetails } from './link-calls.js';

const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;

/** Human clicks per target per day (stacked bars) and the conversations they opened (a line). */
function DetailsChart({ details }: { details: LinkDetails }) {
  const { t } = useTranslation('links');
  const series = useMemo<ChartSeries[]>(() => {
    const phoneOf = new Map(details.per_target.map((row) => [row.target_id, row.phone || t('noTarget')]));
    const byTarget = new Map<string | null, number[]>();
    const conversations = details.days.map(() => 0);
    const index = new Map(details.days.map((day, i) => [day, i]));
    for (const row of details.per_day) {
      const i = index.get(row.day);
      if (i === undefined) continue;
      conversations[i] = (conversations[i] ?? 0) + row.conversations;
      if (row.target_id === null) continue;
      const days = byTarget.get(row.target_id) ?? details.days.map(() => 0);
      days[i] = (days[i] ?? 0) + row.human_clicks;
      byTarget.set(row.target_id, days);
    }
    return [
      ...[...byTarget].map(([id, data]) => ({
        name: phoneOf.get(id) ?? String(id),
        type: 'bar' as const,
        stack: 'clicks',
        data,
      })),
      { name: t('conversations'), type: 'line' as const, data: conversations },
    ];
  }, [details, t]);
  return <DaysChart days={details.days} series={series} testId="link-days-chart" />;
}

/** The click log, newest first, humans or bots. */
function ClickLog({ link }: { link: Link }) {
  const { t } = useTranslation('links');
  const [who, setWho] = useState<'all' | 'humans' | 'bots'>('all');
  const list = useLinkClicks({ linkId: link.id, filters: who === 'all' ? {} : { bot: who === 'bots' } });
  const columns: TableColumnsType<LinkClick> = [
    { title: t('time'), dataIndex: 'clicked_at', render: (time: string) => formatDateTime(time) },
    { title: t('number'), dataIndex: 'phone', render: (phone: string | null) => phone ?? t('noTarget') },
    {
      title: t('chosenBy'),
      dataIndex: 'choice',
      render: (choice: string) => <CodeLabel group="LinkChoice" code={choice} />,
    },
    {
      title: t('visitor'),
      dataIndex: 'agent_class',
      render: (agentClass: string) => <CodeLabel group="LinkAgentClass" code={agentClass} />,
    },
    { title: t('referrer'), dataIndex: 'referrer', ellipsis: true },
    { title: 'UTM', key: 'utm', render: (_, click) => Object.values(click.utm).join(' · ') },
    { title: t('reference'), dataIndex: 'ref', render: (ref: string | null) => ref ?? '-' },
    { title: t('conversation'), dataIndex: 'conversation_id', render: (id: string | null) => id ?? '-' },
  ];
  return (
    <Card
      size="small"
      title={t('clickLog')}
      extra={
        <Radio.Group
          size="small"
          optionType="button"
          value={who}
          onChange={(event) => setWho(event.target.value)}
          options={[
            { value: 'all', label: t('allVisitors') },
            { value: 'humans', label: t('humans') },
            { value: 'bots', label: t('bots') },
          ]}
          data-testid="link-clicks-filter"
        />
      }
    >
      <PagedTable<LinkClick> rowKey="id" size="small" columns={columns} list={list} data-testid="link-clicks" />
    </Card>
  );
}

/** One link: totals, the chart per day, counts per target, the click log and its export. */
export function LinkDetailsDrawer({
  link,
  version,
  onClose,
}: {
  link: Link | undefined;
  version: number;
  onClose(): void;
}) {
  const { t } = useTranslation('links');
  const details = useLinkDetails(link?.id, version);
  const download = useDownload();
  const data = details.data;
  const exportAs = (format: 'csv' | 'xlsx') =>
    link && void download(calls.linkDownload, { body: { id: link.id, format } }, `link-${link.slug}.${format}`);
  const targetColumns: TableColumnsType<LinkDetails['per_target'][number]> = [
    { title: t('number'), dataIndex: 'phone', render: (phone: string) => phone || t('noTarget') },
    { title: t('clicks'), dataIndex: 'human_clicks' },
    { title: t('botClicks'), dataIndex: 'bot_clicks' },
    { title: t('conversations'), dataIndex: 'conversations' },
    { title: t('conversion'), dataIndex: 'conversion_rate', render: percent },
  ];
  return (
    <Drawer
      open={link !== undefined}
      size={1000}
      title={link ? t('detailsTitle', { name: link.name }) : ''}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button icon={<DownloadOutlined />} onClick={() => exportAs('csv')} data-testid="link-download-csv">
            {t('downloadCsv')}
          </Button>
          <Button icon={<DownloadOutlined />} onClick={() => exportAs('xlsx')} data-testid="link-download-xlsx">
            {t('downloadXlsx')}
          </Button>
        </Space>
      }
    >
      {!data || !link ? (
        <Skeleton active />
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="link-details">
          <Space size={40} wrap>
            <Statistic title={t('clicks')} value={data.totals.human_clicks} data-testid="link-total-clicks" />
            <Statistic title={t('botClicks')} value={data.totals.bot_clicks} data-testid="link-total-bots" />
            <Statistic title={t('conversations')} value={data.totals.conversations} />
            <Statistic title={t('conversion')} value={percent(data.totals.conversion_rate)} />
          </Space>
          <Typography.Text type="secondary">{t('timeZone', { zone: link.time_zone })}</Typography.Text>
          <Card size="small" title={t('perDay')}>
            <DetailsChart details={data} />
          </Card>
          <Card size="small" title={t('perTarget')}>
            <Table
              rowKey={(row) => row.target_id ?? 'none'}
              size="small"
              pagination={false}
              columns={targetColumns}
              dataSource={data.per_target}
              data-testid="link-per-target"
            />
          </Card>
          <ClickLog link={link} />
        </Space>
      )}
    </Drawer>
  );
}
