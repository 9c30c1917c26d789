import { DownloadOutlined } from '@ant-design/icons';
import { type Campaign, type CampaignDetails, type CampaignKind, SKIP_REASONS } from '@ws/contract';
import { formatTime } from '@ws/web-kit/list';
import { Button, Card, Descriptions, Drawer, Skeleton, Space, Statistic, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCodeName } from '../../components/codes/code-label.js';
import { useCampaignDownload } from './campaign-actions.js';
import { type RecipientFilters, useCampaignDetails } from './campaign-calls.js';
import { countOf, LISTED_STATES } from './campaign-model.js';
import { CampaignRecipients } from './campaign-recipients.js';
import { CampaignSplit } from './campaign-split.js';
import { CampaignProgress, CampaignStatusTag, STATE_COLORS } from './campaign-status.js';
import { CampaignTimeline } from './campaign-timeline.js';

const QUALITY_COLORS: Record<string, string> = { GREEN: 'green', YELLOW: 'gold', RED: 'red' };

/** The campaign's summary: status, content, schedule, recipients and the skipped by reason, times. */
function Summary({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation('campaigns');
  const codeName = useCodeName();
  const skipped = SKIP_REASONS.filter((reason) => (campaign.skipped[reason] ?? 0) > 0);
  return (
    <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small" data-testid="campaign-summary">
      <Descriptions.Item label={t('status')}>
        <Space>
          <CampaignStatusTag campaign={campaign} />
          <CampaignProgress campaign={campaign} />
        </Space>
      </Descriptions.Item>
      <Descriptions.Item label={t('content')}>
        {campaign.template ? `${campaign.template.name} (${campaign.template.language})` : t('freeText')}
      </Descriptions.Item>
      <Descriptions.Item label={t('runLabel')}>{campaign.run_no}</Descriptions.Item>
      <Descriptions.Item label={t('recipients')}>
        <span data-testid="campaign-recipient-total">{campaign.recipients}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('skipped')}>
        {skipped.length === 0
          ? 0
          : skipped.map((reason) => `${codeName('SkipReason', reason)} ${campaign.skipped[reason]}`).join(' · ')}
      </Descriptions.Item>
      <Descriptions.Item label={t('window')}>
        {campaign.schedule.window ? `${campaign.schedule.window.from}–${campaign.schedule.window.to}` : '-'}
      </Descriptions.Item>
      <Descriptions.Item label={t('createdAt')}>{formatTime(campaign.created_at)}</Descriptions.Item>
      <Descriptions.Item label={t('startedAt')}>
        {formatTime(campaign.started_at ?? campaign.starts_at)}
      </Descriptions.Item>
      <Descriptions.Item label={t('finishedAt')}>{formatTime(campaign.finished_at)}</Descriptions.Item>
      {campaign.hold_reason && (
        <Descriptions.Item label={t('holdReason')} span="filled">
          {campaign.hold_reason}
        </Descriptions.Item>
      )}
    </Descriptions>
  );
}

/** The recipients by state, one figure each in the state's colour. */
function StateFigures({ campaign }: { campaign: Campaign }) {
  const codeName = useCodeName();
  const states = [...LISTED_STATES, 'pending', 'refused', 'deferred'] as const;
  return (
    <Space wrap size={24} data-testid="campaign-state-figures">
      {states.map((state) => (
        <Statistic
          key={state}
          title={codeName('RecipientState', state)}
          value={countOf(campaign, state)}
          styles={{ content: { color: STATE_COLORS[state], fontSize: 20 } }}
          data-testid={`campaign-figure-${state}`}
        />
      ))}
    </Space>
  );
}

type NumberRow = Campaign['numbers'][number] & { counts: Partial<Campaign['counts']> };

/** Per sender number: its quality, whether it still sends, and its recipients by state. */
function NumberTable({ details }: { details: CampaignDetails }) {
  const { t } = useTranslation('campaigns');
  const codeName = useCodeName();
  const rows: NumberRow[] = details.campaign.numbers.map((number) => ({
    ...number,
    counts: details.by_number.find((entry) => entry.number_id === number.id)?.counts ?? {},
  }));
  return (
    <Table<NumberRow>
      rowKey="id"
      size="small"
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={rows}
      data-testid="campaign-number-table"
      onRow={(row) => ({ 'data-number-id': row.id }) as React.HTMLAttributes<HTMLElement>}
      columns={[
        {
          title: t('number'),
          key: 'phone',
          render: (_, row) => (row.verified_name ? `${row.phone} (${row.verified_name})` : row.phone),
        },
        {
          title: t('quality'),
          dataIndex: 'quality_rating',
          render: (quality: string) => (
            <Tag color={QUALITY_COLORS[quality] ?? 'default'} data-testid="campaign-number-quality">
              {codeName('NumberQuality', quality)}
            </Tag>
          ),
        },
        {
          title: t('active'),
          dataIndex: 'active',
          render: (active: boolean) => (
            <Tag color={active ? 'success' : 'error'} data-testid="campaign-number-active" data-active={String(active)}>
              {active ? t('activeYes') : t('activeNo')}
            </Tag>
          ),
        },
        ...(['pending', ...LISTED_STATES] as const).map((state) => ({
          title: codeName('RecipientState', state),
          key: state,
          render: (_: unknown, row: NumberRow) => (
            <span data-testid={`campaign-number-${state}`}>{row.counts[state] ?? 0}</span>
          ),
        })),
        {
          title: t('recipients'),
          key: 'total',
          render: (_: unknown, row: NumberRow) => (
            <span data-testid="campaign-number-total">
              {Object.values(row.counts).reduce((sum, n) => sum + (n ?? 0), 0)}
            </span>
          ),
        },
      ]}
    />
  );
}

/**
 * One campaign in a drawer: the summary and its state figures, the numbers, the timeline chart, the
 * recipients (paged, filtered by state, number or phone) and the downloads; live while it moves.
 */
export function CampaignDetailsDrawer({
  kind,
  id,
  onClose,
}: {
  kind: CampaignKind;
  id: string | undefined;
  onClose(): void;
}) {
  const { t } = useTranslation('campaigns');
  const [filters, setFilters] = useState<RecipientFilters>({});
  const details = useCampaignDetails(kind, id, filters);
  const download = useCampaignDownload(kind);
  const shown = details.query.data;
  return (
    <Drawer
      open={id !== undefined}
      size={1120}
      title={shown ? t('detailsTitle', { name: shown.campaign.name }) : t('details')}
      onClose={() => {
        setFilters({});
        onClose();
      }}
      destroyOnHidden
      extra={
        shown && (
          <Space>
            <Button
              icon={<DownloadOutlined />}
              onClick={() => void download(shown.campaign, 'csv')}
              data-testid="campaign-details-csv"
            >
              CSV
            </Button>
            <Button
              icon={<DownloadOutlined />}
              onClick={() => void download(shown.campaign, 'xlsx')}
              data-testid="campaign-details-xlsx"
            >
              XLSX
            </Button>
          </Space>
        )
      }
      data-testid="campaign-details-drawer"
    >
      {!shown ? (
        <Skeleton active />
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="campaign-details-body">
          <Summary campaign={shown.campaign} />
          <StateFigures campaign={shown.campaign} />
          {shown.campaign.split && (
            <Card size="small" title={t('splitResults')}>
              <CampaignSplit campaign={shown.campaign} />
            </Card>
          )}
          <Card size="small" title={t('timeline')}>
            <CampaignTimeline timeline={shown.timeline} split={shown.campaign.split} />
          </Card>
          <Card size="small" title={t('byNumber')}>
            <NumberTable details={shown} />
          </Card>
          <Card size="small" title={t('recipientList')}>
            <CampaignRecipients
              details={shown}
              loading={details.query.isFetching}
              page={details.page}
              pageSize={details.pageSize}
              onTurn={details.turn}
              onFilter={setFilters}
            />
          </Card>
        </Space>
      )}
    </Drawer>
  );
}
