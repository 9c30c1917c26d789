import { CheckOutlined, RollbackOutlined, SwapOutlined, UserAddOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { calls, type InboxConversation } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { useSession } from '@ws/web-kit/session';
import { formatDateTime } from '@ws/web-kit/utils';
import { App, Button, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BlockControl } from './block-control.js';
import { SnoozeButton } from './snooze-button.js';
import { TransferDialog } from './transfer-dialog.js';

type StateChange = 'take' | 'resolve' | 'reopen';
type Change = { action: StateChange } | { action: 'snooze'; until: Dayjs };

/** The actions that are one call on the conversation, as the header shows them. */
const STATE_CHANGES: readonly { action: StateChange; icon: ReactNode }[] = [
  { action: 'take', icon: <UserAddOutlined /> },
  { action: 'resolve', icon: <CheckOutlined /> },
  { action: 'reopen', icon: <RollbackOutlined /> },
];

function change(conversationId: string, request: Change): Promise<InboxConversation> {
  const body = { conversationId };
  switch (request.action) {
    case 'take':
      return callApi(calls.inboxTake, { body });
    case 'resolve':
      return callApi(calls.inboxResolve, { body });
    case 'reopen':
      return callApi(calls.inboxReopen, { body });
    case 'snooze':
      return callApi(calls.inboxSnooze, { body: { ...body, until: request.until.toISOString() } });
  }
}

/** Which actions the conversation offers this agent now. */
export function offeredActions(conversation: InboxConversation, me: { id: string; seat: boolean }) {
  const mine = conversation.assignee?.id === me.id;
  const done = conversation.status === 'resolved';
  return {
    take: !conversation.assignee && !done,
    resolve: !done,
    // Resolved, snoozed or pending (waiting for the customer) go back to open.
    reopen: conversation.status !== 'open',
    snooze: conversation.status === 'open' || conversation.status === 'pending',
    // A seat hands over its own conversations; operators any (decision 0016).
    transfer: !me.seat || mine,
  };
}

/**
 * The conversation's header actions: take it (while it waits), resolve, reopen, snooze until a
 * time, transfer with a note, block. Each reply is the conversation as it now is; a refusal (409:
 * another agent took it, a cap reached) is shown by the kit's request-error handler.
 */
export function ConversationActions({
  conversation,
  update,
}: {
  conversation: InboxConversation;
  update(next: InboxConversation): void;
}) {
  const { t } = useTranslation('conversation');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const user = useSession()?.user;
  const me = { id: user?.user_id ?? '', seat: user?.role === 'seat' };
  const [transferring, setTransferring] = useState(false);
  const run = useMutation({
    mutationFn: (request: Change) => change(conversation.id, request),
    onSuccess: (next, request) => {
      update(next);
      const done =
        request.action === 'snooze'
          ? t('snoozed', { time: formatDateTime(request.until.toISOString()) })
          : t(({ take: 'taken', resolve: 'resolved', reopen: 'reopened' } as const)[request.action]);
      void message.success(done);
    },
  });
  const offered = offeredActions(conversation, me);
  const busy = (action: Change['action']) => run.isPending && run.variables?.action === action;
  return (
    <Space wrap size={4} data-testid="conversation-actions">
      {STATE_CHANGES.filter(({ action }) => offered[action]).map(({ action, icon }) => (
        <Button
          key={action}
          size="small"
          type={action === 'take' ? 'primary' : 'default'}
          icon={icon}
          loading={busy(action)}
          onClick={() => run.mutate({ action })}
          data-testid={action}
        >
          {t(action)}
        </Button>
      ))}
      {offered.snooze && (
        <SnoozeButton loading={busy('snooze')} onSnooze={(until) => run.mutate({ action: 'snooze', until })} />
      )}
      {offered.transfer && (
        <Button size="small" icon={<SwapOutlined />} onClick={() => setTransferring(true)} data-testid="transfer">
          {t('transfer')}
        </Button>
      )}
      <BlockControl conversation={conversation} />
      <TransferDialog
        conversation={conversation}
        open={transferring}
        onClose={() => setTransferring(false)}
        onDone={(next) => {
          setTransferring(false);
          void message.success(t('transferDone'));
          // Handed to someone else, a seat's conversation leaves its inbox.
          if (me.seat && next.assignee?.id !== me.id) void navigate('/');
          else update(next);
        }}
      />
    </Space>
  );
}
