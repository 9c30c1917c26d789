import { useQuery } from '@tanstack/react-query';
import { type AssignmentRecord, calls, type RealtimeEvent } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { useRefetchOnEvent } from '@ws/web-kit/realtime';
import { formatDateTime } from '@ws/web-kit/utils';
import { Empty, Spin, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** A conversation's changes of hands (`inbox/assignments`, oldest first), read again when it changes hands. */
export function AssignmentsTab({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation('conversation');
  const queryKey = ['inbox.assignments', conversationId] as const;
  const records = useQuery({
    queryKey,
    queryFn: ({ signal }) => callApi(calls.inboxAssignments, { body: { conversationId }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  useRefetchOnEvent(
    queryKey,
    (event: RealtimeEvent) => event.type === 'conversation.assigned' && event.data.conversation_id === conversationId,
  );
  const name = (user: AssignmentRecord['from']) => (user ? user.nickname || user.username : t('queue'));
  if (records.isPending) return <Spin style={{ display: 'block', margin: 16 }} />;
  if (!records.data?.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noHistory')} />;
  return (
    <Timeline
      data-testid="assignments"
      items={records.data.map((record) => ({
        key: record.id,
        children: (
          <div data-testid="assignment">
            <div>
              <Typography.Text strong>{t(`reason.${record.reason}`)}</Typography.Text>{' '}
              {t('handOver', { from: name(record.from), to: name(record.to) })}
            </div>
            {record.note && <div style={{ whiteSpace: 'pre-wrap' }}>{record.note}</div>}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('by', { name: record.by ? record.by.nickname || record.by.username : t('system') })} ·{' '}
              {formatDateTime(record.created_at)}
            </Typography.Text>
          </div>
        ),
      }))}
    />
  );
}
