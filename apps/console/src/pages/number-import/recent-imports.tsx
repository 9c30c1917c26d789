import { ReloadOutlined } from '@ant-design/icons';
import type { ImportSummary } from '@ws/contract';
import { actionsColumn, formatTime, type PagedList, PagedTable } from '@ws/web-kit/list';
import { Button, Card, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { ImportOutcomeTag } from './import-outcome.js';

/** The tenant's imports, newest first; "view" shows one in the progress panel. */
export function RecentImports({ list, onView }: { list: PagedList<ImportSummary>; onView(importId: string): void }) {
  const { t } = useTranslation('numberImport');
  const columns: TableColumnsType<ImportSummary> = [
    { title: t('fileName'), dataIndex: 'file_name' },
    {
      title: t('status'),
      dataIndex: 'status',
      render: (_, summary) => <ImportOutcomeTag summary={summary} testId="recent-import-status" />,
    },
    {
      title: t('progressColumn'),
      key: 'processed',
      render: (_, summary) => `${summary.processed_rows} / ${summary.total_rows}`,
    },
    { title: t('imported'), dataIndex: 'imported' },
    { title: t('skipped'), dataIndex: 'skipped' },
    { title: t('failed'), dataIndex: 'failed' },
    { title: t('user'), dataIndex: 'username' },
    { title: t('createdAt'), dataIndex: 'created_at', render: formatTime },
    { title: t('finishedAt'), dataIndex: 'finished_at', render: formatTime },
    actionsColumn(t('actions'), (summary: ImportSummary) => [
      { label: t('view'), onClick: () => onView(summary.import_id), testId: 'recent-import-view' },
    ]),
  ];
  return (
    <Card
      size="small"
      title={t('recentTitle')}
      extra={
        <Button icon={<ReloadOutlined />} onClick={() => void list.refresh()} data-testid="recent-imports-refresh">
          {t('refresh')}
        </Button>
      }
    >
      <PagedTable<ImportSummary> rowKey="import_id" columns={columns} list={list} data-testid="recent-imports" />
    </Card>
  );
}
