import { ChatTimeline, contactAddress, useChatHistory } from '@ws/web-kit/chat';
import { formatDateTime } from '@ws/web-kit/utils';
import { Result, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CustomerPanel } from './customer-panel.js';

/**
 * /client/c/:numberId/:contactId: the conversation of one number with one customer, its whole
 * history (every message type, live ticks, older pages on scroll), with the customer on the right.
 */
export function ConversationRoute() {
  const { numberId, contactId } = useParams();
  // A new key per conversation: its history, scroll position and live cursor start afresh.
  return <Conversation key={`${numberId}/${contactId}`} numberId={numberId ?? ''} contactId={contactId ?? ''} />;
}

function Conversation({ numberId, contactId }: { numberId: string; contactId: string }) {
  const { t } = useTranslation('workspace');
  const chat = useChatHistory({ numberId, contactId });
  if (chat.failed) return <Result status="warning" title={t('loadFailed')} />;
  const { contact, number } = chat;
  return (
    <div style={{ display: 'grid', gridTemplateColumns: '1fr 300px', minHeight: 0 }}>
      <section data-testid="conversation" style={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}>
        <div
          data-testid="conversation-header"
          style={{ padding: '8px 16px', borderBottom: '1px solid var(--ant-color-split, #f0f0f0)' }}
        >
          <Typography.Text strong data-testid="conversation-name">
            {contact ? contact.name || contactAddress(contact) : ''}
          </Typography.Text>{' '}
          {number && <Typography.Text type="secondary">{t('throughNumber', { phone: number.phone })}</Typography.Text>}{' '}
          {contact && (
            <Tag color={contact.window_open ? 'blue' : 'default'} data-testid="conversation-window">
              {contact.window_open && contact.window_closes_at
                ? t('windowOpenUntil', { time: formatDateTime(contact.window_closes_at) })
                : t('windowClosed')}
            </Tag>
          )}
        </div>
        <ChatTimeline
          chat={chat}
          context={{ showContact: false, showNumber: false }}
          style={{ flex: 1, minHeight: 0 }}
        />
      </section>
      <CustomerPanel numberId={numberId} contactId={contactId} contact={contact} />
    </div>
  );
}
