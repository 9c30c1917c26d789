import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { CAMPAIGN_STATUSES, type Campaign, type CampaignKind, type CampaignStatus } from '@ws/contract';
import { actionsColumn, FilterBar, FilterSelect, formatTime, PagedTable } from '@ws/web-kit/list';
import { Button, Card, Form, Input, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCodeName } from '../../components/codes/code-label.js';
import { useCampaignActions } from './campaign-actions.js';
import { type CampaignFilters, useCampaigns } from './campaign-calls.js';
import { CampaignDetailsDrawer } from './campaign-details.js';
import { type CampaignFields, NEW_CAMPAIGN_FIELDS, retargetFields } from './campaign-draft.js';
import { CampaignFormDrawer } from './campaign-form.js';
import { CampaignCounts, CampaignProgress, CampaignStatusTag } from './campaign-status.js';

/**
 * The list of one kind's campaigns (mass send: btmsg, burst send: power): status, progress and
 * counts kept live, the operations each status allows, details with the recipients, downloads, and
 * the create drawer with its forecast.
 */
export function CampaignsPage({ kind }: { kind: CampaignKind }) {
  const { t } = useTranslation('campaigns');
  const codeName = useCodeName();
  const [form] = Form.useForm<CampaignFilters>();
  const [filters, setFilters] = useState<CampaignFilters>({});
  const list = useCampaigns(kind, filters);
  // The create drawer's first values while it is open (a retarget names the earlier campaign).
  const [creating, setCreating] = useState<CampaignFields>();
  const [shownId, setShownId] = useState<string>();
  const actionsOf = useCampaignActions(kind, {
    onChanged: () => void list.refresh(),
    onDetails: (campaign) => setShownId(campaign.id),
    onRetarget: (campaign) => setCreating(retargetFields(campaign)),
  });

  const columns: TableColumnsType<Campaign> = [
    {
      title: t('name'),
      dataIndex: 'name',
      render: (name: string, campaign) => (
        <Space orientation="vertical" size={0}>
          <Space size={4}>
            <Typography.Link onClick={() => setShownId(campaign.id)} data-testid="campaign-name-link">
              {name}
            </Typography.Link>
            {campaign.split && (
              <Tag color="purple" data-testid="campaign-split-tag">
                {campaign.split.decision
                  ? t('splitTagWon', { winner: codeName('SplitVariant', campaign.split.decision.winner) })
                  : t('splitTagTesting')}
              </Tag>
            )}
          </Space>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {campaign.template ? `${campaign.template.name} (${campaign.template.language})` : t('freeText')}
            {` · ${t('numbersCount', { count: campaign.numbers.length })}`}
            {campaign.run_no > 1 ? ` · ${t('run', { run: campaign.run_no })}` : ''}
          </Typography.Text>
        </Space>
      ),
    },
    { title: t('status'), key: 'status', render: (_, campaign) => <CampaignStatusTag campaign={campaign} /> },
    { title: t('progress'), key: 'progress', render: (_, campaign) => <CampaignProgress campaign={campaign} /> },
    { title: t('counts'), key: 'counts', render: (_, campaign) => <CampaignCounts campaign={campaign} /> },
    {
      title: t('times'),
      key: 'times',
      render: (_, campaign) => (
        <Space orientation="vertical" size={0} style={{ fontSize: 12 }}>
          <span>{t('createdOn', { time: formatTime(campaign.created_at) })}</span>
          <span>{t('startedOn', { time: formatTime(campaign.started_at ?? campaign.starts_at) })}</span>
          <span>{t('finishedOn', { time: formatTime(campaign.finished_at) })}</span>
        </Space>
      ),
    },
    actionsColumn(t('actions'), actionsOf),
  ];

  return (
    <Card title={t(`title.${kind}`)} data-testid="campaigns-page" data-kind={kind}>
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <FilterBar<CampaignFilters> form={form} onSearch={setFilters}>
          <Form.Item name="search">
            <Input allowClear placeholder={t('search')} style={{ width: 200 }} data-testid="campaign-search" />
          </Form.Item>
          <FilterSelect<CampaignStatus>
            name="status"
            placeholder={t('statusAll')}
            width={140}
            options={CAMPAIGN_STATUSES.map((value) => ({ value, label: codeName('CampaignStatus', value) }))}
            data-testid="campaign-status-filter"
          />
        </FilterBar>
        <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setCreating(NEW_CAMPAIGN_FIELDS)}
            data-testid="campaign-create"
          >
            {t(`create.${kind}`)}
          </Button>
          <Button icon={<ReloadOutlined />} onClick={() => void list.refresh()} data-testid="campaign-refresh">
            {t('refresh')}
          </Button>
        </Space>
        <PagedTable<Campaign> rowKey="id" columns={columns} list={list} data-testid="campaign-table" />
      </Space>
      <CampaignDetailsDrawer kind={kind} id={shownId} onClose={() => setShownId(undefined)} />
      {/* Mounted while open, so each opening starts from its own first values. */}
      {creating && (
        <CampaignFormDrawer
          kind={kind}
          open
          initial={creating}
          onClose={() => setCreating(undefined)}
          onSaved={() => {
            setCreating(undefined);
            void list.refresh();
          }}
        />
      )}
    </Card>
  );
}
