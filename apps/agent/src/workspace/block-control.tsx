import { StopOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BlockState, calls, type InboxConversation, type RealtimeEvent } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { useRefetchOnEvent } from '@ws/web-kit/realtime';
import { formatDateTime } from '@ws/web-kit/utils';
import { App, Button, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Blocking an abusive customer on the conversation's number (Meta's Block Users API through
 * `inbox/block`), and unblocking, in the conversation's header. The state is read again when
 * another agent changes it (conversation.updated of this conversation).
 */
export function BlockControl({ conversation }: { conversation: Pick<InboxConversation, 'id'> }) {
  const { t } = useTranslation('workspace');
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const target = { conversationId: conversation.id };
  const queryKey = ['inbox.blockstate', conversation.id] as const;
  const state = useQuery({
    queryKey,
    queryFn: ({ signal }) => callApi(calls.inboxBlockState, { query: target, signal }),
  });
  useRefetchOnEvent(
    queryKey,
    (event: RealtimeEvent) => event.type === 'conversation.updated' && event.data.conversation_id === conversation.id,
  );
  const change = useMutation({
    mutationFn: (block: boolean) => callApi(block ? calls.inboxBlock : calls.inboxUnblock, { body: target }),
    onSuccess: (next: BlockState) => {
      queryClient.setQueryData(queryKey, next);
      void message.success(next.blocked ? t('blockDone') : t('unblockDone'));
    },
  });
  const blocked = state.data?.blocked ? state.data : undefined;
  if (blocked) {
    return (
      <>
        <Tooltip title={t('blocked')}>
          <Tag color="red" data-testid="blocked-notice" style={{ marginInlineEnd: 0 }}>
            {blocked.blocked_at
              ? t('blockedSince', { name: blocked.blocked_by_name ?? '', time: formatDateTime(blocked.blocked_at) })
              : t('blocked')}
          </Tag>
        </Tooltip>
        <Button size="small" loading={change.isPending} onClick={() => change.mutate(false)} data-testid="unblock">
          {t('unblock')}
        </Button>
      </>
    );
  }
  return (
    <Button
      size="small"
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
  );
}
