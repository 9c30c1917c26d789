import type { InboxConversation } from '@ws/contract';
import { formatDateTime } from '@ws/web-kit/utils';
import { Alert, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConversationActions } from './conversation-actions.js';
import { customerName } from './inbox-row.js';
import type { Viewer } from './use-viewing.js';
import { WindowCountdown } from './window-countdown.js';

/**
 * The conversation's header: the customer, the number, status and who has it, the window's time
 * left, the other agents viewing it, and the actions. `closesAt` is the window's end on this
 * browser's clock. `extra` is a place for a control of another part (e.g. translation).
 */
export function ConversationHeader({
  conversation,
  closesAt,
  viewers,
  update,
  extra,
}: {
  conversation: InboxConversation;
  closesAt: number;
  viewers: readonly Viewer[];
  update(next: InboxConversation): void;
  extra?: ReactNode;
}) {
  const { t } = useTranslation('conversation');
  const { status, assignee } = conversation;
  return (
    <div
      data-testid="conversation-header"
      style={{ padding: '8px 16px', borderBottom: '1px solid var(--ant-color-split, #f0f0f0)' }}
    >
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8 }}>
        <Typography.Text strong data-testid="conversation-name">
          {customerName(conversation)}
        </Typography.Text>
        <Typography.Text type="secondary">
          {t('throughNumber', { phone: conversation.number_name || conversation.number_phone })}
        </Typography.Text>
        <Tag
          color={status === 'open' ? 'green' : status === 'resolved' ? 'default' : 'gold'}
          data-testid="conversation-status"
        >
          {status === 'snoozed' && conversation.snoozed_until
            ? t('snoozedUntil', { time: formatDateTime(conversation.snoozed_until) })
            : t(`status.${status}`)}
        </Tag>
        <Tag color={assignee ? 'default' : 'orange'} data-testid="conversation-assignee">
          {assignee ? t('assignedTo', { name: assignee.nickname || assignee.username }) : t('waiting')}
        </Tag>
        <span data-testid="conversation-window">
          <WindowCountdown
            closesAt={closesAt}
            openText={(time) => t('windowLeft', { time })}
            closedText={t('windowClosed')}
          />
        </span>
        {extra}
      </div>
      <div style={{ marginTop: 6 }}>
        <ConversationActions conversation={conversation} update={update} />
      </div>
      {viewers.length > 0 && (
        <Alert
          type="warning"
          showIcon
          banner
          style={{ marginTop: 6 }}
          data-testid="also-viewing"
          message={t('alsoViewing', {
            count: viewers.length,
            names: viewers.map((viewer) => viewer.nickname || t('anotherAgent')).join(', '),
          })}
        />
      )}
    </div>
  );
}
