import { useQuery, useQueryClient } from '@tanstack/react-query';
import { calls, MAX_RETENTION_DAYS, MIN_RETENTION_DAYS } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { formatTime } from '@ws/web-kit/list';
import { Button, Card, Descriptions, InputNumber, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The platform admin's retention of the log (days) and what the daily archive job did. */
export function RetentionCard() {
  const { t } = useTranslation('operationLog');
  const queryClient = useQueryClient();
  const retention = useQuery({
    queryKey: [calls.operationRetention.id],
    queryFn: ({ signal }) => callApi(calls.operationRetention, { signal }),
  });
  const [days, setDays] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => setDays(retention.data?.days ?? null), [retention.data?.days]);
  const save = async () => {
    if (days === null) return;
    setBusy(true);
    try {
      const saved = await callApi(calls.operationSetRetention, { body: { days }, notifySuccess: true });
      queryClient.setQueryData([calls.operationRetention.id], saved);
    } finally {
      setBusy(false);
    }
  };
  const data = retention.data;
  return (
    <Card title={t('retention')} size="small" style={{ marginBottom: 16 }} data-testid="oplog-retention">
      <Space wrap align="center" style={{ marginBottom: 8 }}>
        <span>{t('retentionDays')}</span>
        <InputNumber
          min={MIN_RETENTION_DAYS}
          max={MAX_RETENTION_DAYS}
          precision={0}
          value={days}
          onChange={(value) => setDays(value)}
          data-testid="oplog-retention-days"
        />
        <Button type="primary" loading={busy} onClick={() => void save()} data-testid="oplog-retention-save">
          {t('save')}
        </Button>
      </Space>
      <Typography.Paragraph type="secondary">{t('retentionHelp')}</Typography.Paragraph>
      {data && (
        <Descriptions size="small" column={{ xs: 1, md: 2 }}>
          <Descriptions.Item label={t('archived')}>{data.archived.toLocaleString()}</Descriptions.Item>
          <Descriptions.Item label={t('archivedThrough')}>
            {data.archived_through ? formatTime(data.archived_through) : '-'}
          </Descriptions.Item>
          <Descriptions.Item label={t('lastRun')}>
            {data.last_run_at ? formatTime(data.last_run_at) : t('never')}
          </Descriptions.Item>
          <Descriptions.Item label={t('lastFile')}>{data.last_file ?? '-'}</Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );
}
