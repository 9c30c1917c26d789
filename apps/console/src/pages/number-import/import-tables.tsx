import type { ImportProblem, ImportProgress, ImportRowError, ImportStarted } from '@ws/contract';
import { Alert, Card, Col, Progress, Row, Space, Statistic, Table, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { isFinished } from './import-calls.js';
import { ImportOutcomeTag, progressStatus } from './import-outcome.js';

/** What the upload found: the counts, and every refused row with the column and the reason. */
export function CheckedFile({ started }: { started: ImportStarted }) {
  const { t } = useTranslation('numberImport');
  const columns: TableColumnsType<ImportRowError> = [
    { title: t('row'), dataIndex: 'row', width: 80 },
    { title: t('field'), dataIndex: 'field', width: 160 },
    { title: t('message'), dataIndex: 'message' },
  ];
  const counts = { total: started.total_rows, valid: started.valid_rows, errors: started.error_count };
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="import-checked">
      <Alert
        type={started.import_id ? (started.error_count ? 'warning' : 'success') : 'error'}
        showIcon
        title={t('checked', counts)}
        description={started.import_id ? undefined : t('noValidRows')}
        data-testid="import-checked-summary"
      />
      {started.errors.length > 0 && (
        <Card size="small" title={t('errorsTitle')}>
          {started.error_count > started.errors.length && (
            <Alert type="info" title={t('moreErrors', { shown: started.errors.length, count: started.error_count })} />
          )}
          <Table<ImportRowError>
            size="small"
            rowKey={(error) => `${error.row}:${error.field}`}
            columns={columns}
            dataSource={started.errors}
            pagination={{ pageSize: 10, showSizeChanger: false }}
            data-testid="import-errors"
          />
        </Card>
      )}
    </Space>
  );
}

const OUTCOME_COLORS = { skipped: 'default', failed: 'error' } as const;

/** A running or finished import: the progress bar, the counts, and the rows that were not imported. */
export function ImportProgressPanel({ progress }: { progress: ImportProgress }) {
  const { t } = useTranslation('numberImport');
  const finished = isFinished(progress.status);
  const percent = progress.total_rows ? Math.floor((progress.processed_rows / progress.total_rows) * 100) : 100;
  const columns: TableColumnsType<ImportProblem> = [
    { title: t('row'), dataIndex: 'row', width: 80 },
    { title: t('phone'), dataIndex: 'phone' },
    { title: t('phoneNumberId'), dataIndex: 'phone_number_id' },
    {
      title: t('outcome'),
      dataIndex: 'outcome',
      render: (outcome: ImportProblem['outcome']) => <Tag color={OUTCOME_COLORS[outcome]}>{t(outcome)}</Tag>,
    },
    { title: t('field'), dataIndex: 'field', render: (field: string | null) => field ?? '-' },
    { title: t('message'), dataIndex: 'message' },
  ];
  return (
    <Card
      size="small"
      title={`${t('progressTitle')}: ${progress.file_name}`}
      data-testid="import-progress"
      data-status={progress.status}
    >
      <Progress percent={percent} status={progressStatus(progress)} data-testid="import-progress-bar" />
      <Space data-testid="import-processed-line">
        <span data-testid="import-processed">
          {t('processed', { processed: progress.processed_rows, total: progress.total_rows })}
        </span>
        {finished && <ImportOutcomeTag summary={progress} testId="import-outcome" />}
      </Space>
      {progress.error && <Alert type="error" showIcon title={t('stopped', { error: progress.error })} />}
      <Row gutter={16} style={{ margin: '12px 0' }}>
        <Col span={8}>
          <Statistic title={t('imported')} value={progress.imported} data-testid="import-imported" />
        </Col>
        <Col span={8}>
          <Statistic title={t('skipped')} value={progress.skipped} data-testid="import-skipped" />
        </Col>
        <Col span={8}>
          <Statistic title={t('failed')} value={progress.failed} data-testid="import-failed" />
        </Col>
      </Row>
      {progress.problems.length > 0 && (
        <Table<ImportProblem>
          size="small"
          title={() => t('problemsTitle')}
          rowKey="row"
          columns={columns}
          dataSource={progress.problems}
          pagination={{ pageSize: 10, showSizeChanger: false }}
          data-testid="import-problems"
        />
      )}
    </Card>
  );
}
