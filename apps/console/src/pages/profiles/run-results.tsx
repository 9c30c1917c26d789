import { useMutation } from '@tanstack/react-query';
import { type CurrentProfile, calls, PROFILE_RESULT_STATUSES, type ProfileRun } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { formatTime, PagedTable, usePagedList } from '@ws/web-kit/list';
import { useRefetchOnEvent } from '@ws/web-kit/realtime';
import { Button, Drawer, Select, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeLabel } from '../../components/codes/code-label.js';
import { RunProgress } from './run-progress.js';

type Result = Awaited<ReturnType<typeof callApi<typeof calls.profileResults>>>['records'][number];

const STATUS_COLOURS: Record<string, string> = {
  applied: 'success',
  failed: 'error',
  skipped: 'default',
  pending: 'processing',
};

/** What a number's current profile shows beside the set: the fields that differ, or why it could not be read. */
function CurrentCell({ current }: { current: CurrentProfile | undefined }) {
  const { t } = useTranslation('profiles');
  if (!current) return null;
  if (current.error)
    return <Typography.Text type="danger">{t('unreadable', { error: current.error })}</Typography.Text>;
  if (current.differences.length === 0) return <Tag color="success">{t('same')}</Tag>;
  return (
    <Space size={4} wrap data-testid="profile-differences">
      {t('differences')}:
      {current.differences.map((field) => (
        <Tag key={field} color="warning">
          <CodeLabel group="ProfileField" code={field} />
        </Tag>
      ))}
    </Space>
  );
}

/**
 * A run's result per number, live while it runs (the `profile.progress` event), its failed
 * numbers retried, and the numbers' current profiles read back with what differs from the set.
 */
export function RunResults({ run, onClose }: { run: ProfileRun; onClose(): void }) {
  const { t } = useTranslation('profiles');
  const [status, setStatus] = useState<(typeof PROFILE_RESULT_STATUSES)[number]>();
  const list = usePagedList(calls.profileResults, { runId: run.id, filters: { status } });
  useRefetchOnEvent(list.queryKey, (event) => event.type === 'profile.progress' && event.data.run_id === run.id);
  const [current, setCurrent] = useState<Map<string, CurrentProfile>>(new Map());
  const readBack = useMutation({
    mutationFn: () =>
      callApi(calls.profileCurrent, { body: { setId: run.set_id, numberIds: list.records.map((r) => r.number_id) } }),
    onSuccess: (profiles) => setCurrent(new Map(profiles.map((profile) => [profile.number_id, profile]))),
  });
  const retry = useMutation({
    mutationFn: () => callApi(calls.profileRetry, { body: { runId: run.id }, notifySuccess: true }),
    onSuccess: () => void list.refresh(),
  });
  const columns: TableColumnsType<Result> = [
    { title: t('phone'), dataIndex: 'phone' },
    {
      title: t('status'),
      dataIndex: 'status',
      render: (value: string) => (
        <Tag color={STATUS_COLOURS[value]} data-testid={`profile-result-${value}`}>
          <CodeLabel group="ProfileResultStatus" code={value} />
        </Tag>
      ),
    },
    { title: t('attempts'), dataIndex: 'attempts' },
    {
      title: t('error'),
      key: 'error',
      render: (_: unknown, result: Result) => (
        <Space orientation="vertical" size={0}>
          {result.error_message && (
            <Typography.Text type={result.status === 'failed' ? 'danger' : 'secondary'}>
              {result.error_message}
            </Typography.Text>
          )}
          {result.status === 'pending' && result.not_before && (
            <Typography.Text type="secondary">
              {t('waitingUntil', { time: formatTime(result.not_before) })}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('current'),
      key: 'current',
      render: (_: unknown, result: Result) => <CurrentCell current={current.get(result.number_id)} />,
    },
  ];
  return (
    <Drawer
      open
      size={960}
      title={t('resultsTitle', { name: run.set_name })}
      onClose={onClose}
      data-testid="profile-results"
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <RunProgress runId={run.id} fallback={run} />
        <Space wrap>
          <Select
            allowClear
            placeholder={t('allStatuses')}
            value={status}
            onChange={setStatus}
            style={{ width: 160 }}
            options={PROFILE_RESULT_STATUSES.map((code) => ({
              value: code,
              label: <CodeLabel group="ProfileResultStatus" code={code} />,
            }))}
          />
          <Button onClick={() => retry.mutate()} loading={retry.isPending} data-testid="profile-retry">
            {t('retry')}
          </Button>
          <Button
            type="primary"
            onClick={() => readBack.mutate()}
            loading={readBack.isPending}
            disabled={list.records.length === 0}
            data-testid="profile-read-back"
          >
            {t('readBack')}
          </Button>
        </Space>
        <PagedTable<Result> rowKey="number_id" columns={columns} list={list} />
      </Space>
    </Drawer>
  );
}
