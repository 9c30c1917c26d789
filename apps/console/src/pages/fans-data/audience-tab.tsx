import { CheckCircleOutlined, UploadOutlined, WarningOutlined } from '@ant-design/icons';
import { AUDIENCE_STATUSES, type AudienceList, type AudienceStatus } from '@ws/contract';
import { actionsColumn, formatTime, PagedTable } from '@ws/web-kit/list';
import { Button, Select, Space, type TableColumnsType, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCodeName } from '../../components/codes/code-label.js';
import { useAudienceLists } from './audience-calls.js';
import { AudienceDrawer } from './audience-drawer.js';
import { AudienceStatusCell, OutcomeCounts } from './audience-status.js';
import { TabToolbar } from './tab-toolbar.js';
import { useAudienceActions } from './use-audience-actions.js';

/**
 * The audience lists tab: the tenant's lists with their status (a progress bar while a job works on
 * one, kept live by `audience.progress` events), outcome counts and loaded rows; upload, check
 * numbers, and a drawer with each list's details.
 */
export function AudienceTab() {
  const { t } = useTranslation('audiences');
  const codeName = useCodeName();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<AudienceStatus>();
  const lists = useAudienceLists({ filters: { search: search || null, status: status ?? null } });
  const [shown, setShown] = useState<AudienceList>();
  // The drawer follows the table's copy of its list, which the same events keep up to date.
  const current = shown && (lists.records.find((list) => list.id === shown.id) ?? shown);

  const actions = useAudienceActions({
    refresh: lists.refresh,
    onView: setShown,
    onDeleted: (ids) => setShown((list) => (list && ids.includes(list.id) ? undefined : list)),
  });

  const columns: TableColumnsType<AudienceList> = [
    {
      title: t('name'),
      dataIndex: 'name',
      render: (name: string, list) => (
        <Space orientation="vertical" size={0}>
          <Typography.Link onClick={() => setShown(list)} data-testid="audience-name-link">
            {name}
          </Typography.Link>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {list.file_name}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('consentSource'),
      dataIndex: 'consent_source',
      render: (source: AudienceList['consent_source'], list) => (
        <Space size={4}>
          {codeName('ConsentSource', source)}
          <Tooltip title={list.has_evidence ? t('hasEvidence') : t('noEvidence')}>
            {list.has_evidence ? (
              <CheckCircleOutlined style={{ color: 'var(--ant-color-success)' }} />
            ) : (
              <WarningOutlined style={{ color: 'var(--ant-color-warning)' }} data-testid="audience-no-evidence" />
            )}
          </Tooltip>
        </Space>
      ),
    },
    { title: t('status'), key: 'status', render: (_, list) => <AudienceStatusCell list={list} /> },
    { title: t('outcomes'), key: 'outcomes', render: (_, list) => <OutcomeCounts list={list} /> },
    {
      title: t('countLoaded'),
      dataIndex: 'loaded_rows',
      align: 'right',
      render: (loaded: number) => <span data-testid="audience-loaded">{loaded.toLocaleString()}</span>,
    },
    { title: t('createdAt'), dataIndex: 'created_at', render: formatTime },
    actionsColumn(t('actions'), actions.rowActions),
  ];

  return (
    <div data-testid="audience-tab">
      <TabToolbar
        filters={
          <Select<AudienceStatus>
            allowClear
            value={status}
            onChange={(value?: AudienceStatus) => setStatus(value)}
            placeholder={t('statusAll')}
            options={AUDIENCE_STATUSES.map((value) => ({ value, label: codeName('AudienceStatus', value) }))}
            style={{ width: 160 }}
            data-testid="audience-status-filter"
          />
        }
        searchPlaceholder={t('search')}
        refreshText={t('refresh')}
        onSearch={setSearch}
        onRefresh={() => void lists.refresh()}
        testPrefix="audience"
      >
        <Button type="primary" icon={<UploadOutlined />} onClick={actions.upload} data-testid="audience-upload">
          {t('upload')}
        </Button>
        <Button onClick={actions.check} data-testid="audience-check">
          {t('checkNumbers')}
        </Button>
      </TabToolbar>
      <PagedTable<AudienceList> rowKey="id" columns={columns} list={lists} data-testid="audience-lists" />
      {current && <AudienceDrawer list={current} actions={actions} onClose={() => setShown(undefined)} />}
      {actions.dialogs}
    </div>
  );
}
