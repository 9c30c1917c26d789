import { useQuery } from '@tanstack/react-query';
import { calls, type ProfileRun } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { useRefetchOnEvent } from '@ws/web-kit/realtime';
import { Progress, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CodeLabel } from '../../components/codes/code-label.js';

/** A run's counters as a bar and a line. */
export function RunCounts({ run }: { run: ProfileRun }) {
  const { t } = useTranslation('profiles');
  const done = run.applied + run.failed + run.skipped;
  return (
    <Space orientation="vertical" size={0} style={{ minWidth: 240 }}>
      <Progress
        percent={run.total ? Math.round((done / run.total) * 100) : 0}
        status={run.status === 'done' ? (run.failed ? 'exception' : 'success') : 'active'}
        size="small"
      />
      <Typography.Text type="secondary" data-testid="profile-run-counts">
        {t('counts', run)}
      </Typography.Text>
    </Space>
  );
}

/** One run's progress, read again whenever its `profile.progress` event arrives (no polling). */
export function RunProgress({ runId, fallback }: { runId: string; fallback: ProfileRun }) {
  const queryKey = [calls.profileRuns.id, 'run', runId];
  useRefetchOnEvent(queryKey, (event) => event.type === 'profile.progress' && event.data.run_id === runId);
  const run = useQuery({
    queryKey,
    queryFn: async ({ signal }) => {
      const page = await callApi(calls.profileRuns, {
        body: { page: 1, pageSize: 200, filters: { setId: fallback.set_id } },
        signal,
      });
      return page.records.find((record) => record.id === runId) ?? fallback;
    },
    initialData: fallback,
  });
  return (
    <Space>
      <CodeLabel group="ProfileRunStatus" code={run.data.status} data-testid="profile-run-status" />
      <RunCounts run={run.data} />
    </Space>
  );
}
