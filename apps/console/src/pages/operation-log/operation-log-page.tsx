import { calls, type OperationLogEntry } from '@ws/contract';
import { useLanguage } from '@ws/web-kit/i18n';
import { formatTime, PagedTable, usePagedList } from '@ws/web-kit/list';
import { useSession } from '@ws/web-kit/session';
import { Card, type TableColumnsType, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionLabel } from './action-labels.js';
import { OperationLogFilterBar, type OperationLogFilters } from './operation-log-filters.js';
import { RetentionCard } from './retention-card.js';

/**
 * /systemlog/operate: the operation log, newest first, with its filters and exports. Operators see
 * their tenant's; the platform admin every tenant's (with a customer column and filter) and the
 * retention.
 */
export default function OperationLogPage() {
  const { t } = useTranslation('operationLog');
  const language = useLanguage();
  const isAdmin = useSession()?.user.role === 'admin';
  const [filters, setFilters] = useState<OperationLogFilters>({});
  const list = usePagedList(calls.operationList, { filters });
  const columns: TableColumnsType<OperationLogEntry> = [
    { title: t('time'), dataIndex: 'created_at', width: 180, render: formatTime },
    ...(isAdmin ? [{ title: t('tenant'), dataIndex: 'tenant_id', width: 90 }] : []),
    { title: t('user'), dataIndex: 'username', width: 140 },
    {
      title: t('action'),
      dataIndex: 'action',
      width: 200,
      render: (action: string) => (
        <Tooltip title={action}>
          <span data-testid="oplog-action-label">{actionLabel(action, language)}</span>
        </Tooltip>
      ),
    },
    { title: t('target'), dataIndex: 'target', ellipsis: { showTitle: true } },
    { title: t('address'), dataIndex: 'address', width: 150 },
    {
      title: t('requestId'),
      dataIndex: 'request_id',
      width: 120,
      ellipsis: { showTitle: true },
      render: (id: string | null) => <Typography.Text type="secondary">{id ?? ''}</Typography.Text>,
    },
  ];
  return (
    <div data-testid="operation-log-page">
      {isAdmin && <RetentionCard />}
      <Card>
        <Typography.Paragraph type="secondary">
          {t('intro')} {isAdmin ? t('introAdmin') : ''}
        </Typography.Paragraph>
        <OperationLogFilterBar filters={filters} onChange={setFilters} showTenant={isAdmin} />
        <PagedTable<OperationLogEntry>
          rowKey={(entry) => `${entry.tenant_id}-${entry.id}`}
          size="small"
          list={list}
          columns={columns}
          data-testid="oplog-table"
        />
      </Card>
    </div>
  );
}
