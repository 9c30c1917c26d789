import { StopOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BlockState, calls, type RealtimeEvent } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { useRefetchOnEvent } from '@ws/web-kit/realtime';
import { formatDateTime } from '@ws/web-kit/utils';
import { Alert, App, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Blocking an abusive customer on this number (Meta's Block Users API through `inbox/block`), and
 * unblocking. The state is read again when another agent changes it (conversation.updated).
 */
export function BlockControl({ numberId, contactId }: { numberId: string; contactId: string }) {
  const { t } = useTranslation('workspace');
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const target = { numberId, contactId };
  const queryKey = ['inbox.blockstate', numberId, contactId] as const;
  const state = useQuery({
    queryKey,
    queryFn: ({ signal }) => callApi(calls.inboxBlockState, { query: target, signal }),
  });
  useRefetchOnEvent(
    queryKey,
    (event: RealtimeEvent) =>
      event.type === 'conversation.updated' && event.data.number_id === numberId && event.data.contact_id === contactId,
  );
  const change = useMutation({
    mutationFn: (block: boolean) => callApi(block ? calls.inboxBlock : calls.inboxUnblock, { body: target }),
    onSuccess: (next: BlockState) => {
      queryClient.setQueryData(queryKey, next);
      void message.success(next.blocked ? t('blockDone') : t('unblockDone'));
    },
  });
  const blocked = state.data?.blocked ?? false;
  return (
    <Space direction="vertical" style={{ width: '100%', marginTop: 16 }} data-testid="block-control">
      {blocked && state.data && (
        <Alert
          type="warning"
          showIcon
          data-testid="blocked-notice"
          message={t('blocked')}
          description={
            state.data.blocked_at
              ? t('blockedSince', {
                  name: state.data.blocked_by_name ?? '',
                  time: formatDateTime(state.data.blocked_at),
                })
              : undefined
          }
        />
      )}
      {blocked ? (
        <Button loading={change.isPending} onClick={() => change.mutate(false)} data-testid="unblock">
          {t('unblock')}
        </Button>
      ) : (
        <Button
          danger
          icon={<StopOutlined />}
          loading={change.isPending}
          disabled={!state.isSuccess}
          data-testid="block"
          onClick={() =>
            modal.confirm({
              title: t('confirmBlock'),
              okButtonProps: { danger: true },
              onOk: () => change.mutateAsync(true),
            })
          }
        >
          {t('block')}
        </Button>
      )}
    </Space>
  );
}
