import type { ChatMessage } from '@ws/contract';
import { Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../utils/date-time.js';
import { contactAddress } from './contact-address.js';
import { DeliveryStatus } from './delivery-status.js';
import { MessageContent } from './message-content.js';
import type { Reaction } from './timeline.js';

const time = (iso: string) => formatDateTime(iso);

export interface BubbleContext {
  /** A number's history mixes contacts: name the contact on each message. */
  showContact: boolean;
  /** A contact's history over every number: name the number on each message. */
  showNumber: boolean;
}

/** One message: inbound on the left, outbound on the right, with what it answers, its reactions and ticks. */
export function MessageBubble({
  message,
  reactions,
  context,
  action,
  below,
}: {
  message: ChatMessage;
  reactions: readonly Reaction[] | undefined;
  context: BubbleContext;
  /** Shown after the time and ticks (e.g. a "reply" button); nothing when absent. */
  action?: ReactNode;
  /** Shown under the bubble, inside its column (e.g. the message's translation); nothing when absent. */
  below?: ReactNode;
}) {
  const { t } = useTranslation('messages');
  const outbound = message.direction === 'out';
  const who = [
    context.showContact && message.contact_id
      ? `${message.contact_name || ''} ${
          message.contact_wa_id ??
          contactAddress({
            wa_id: null,
            username: message.contact_username,
            user_id: message.contact_user_id,
          })
        }`.trim()
      : undefined,
    context.showNumber ? t('throughNumber', { phone: message.number_phone }) : undefined,
    outbound && message.sent_by_name ? t('sentBy', { name: message.sent_by_name }) : undefined,
  ].filter(Boolean);
  return (
    <div
      data-testid="chat-message"
      data-message-id={message.id}
      data-type={message.type}
      data-direction={message.direction}
      style={{ display: 'flex', justifyContent: outbound ? 'flex-end' : 'flex-start', margin: '6px 0' }}
    >
      <div style={{ maxWidth: '72%' }}>
        <div
          style={{
            background: outbound ? 'var(--ant-color-primary-bg, #e6f4ff)' : 'var(--ant-color-fill-tertiary, #f5f5f5)',
            borderRadius: 8,
            padding: '6px 10px',
          }}
        >
          {message.group_ref && <Tag>{t('group')}</Tag>}
          {message.context_meta_id && (
            <div
              data-testid="chat-reply-to"
              style={{ borderLeft: '3px solid #bbb', paddingLeft: 6, marginBottom: 4, opacity: 0.75, fontSize: 12 }}
            >
              {t('replyTo')}: {message.context_preview ?? '…'}
            </div>
          )}
          <MessageContent message={message} />
        </div>
        {below}
        {reactions && reactions.length > 0 && (
          <div data-testid="chat-reactions" style={{ marginTop: -4, textAlign: outbound ? 'right' : 'left' }}>
            {reactions.map((reaction) => (
              <span key={reaction.direction} title={reaction.direction}>
                {reaction.emoji}
              </span>
            ))}
          </div>
        )}
        <div style={{ display: 'flex', gap: 8, justifyContent: outbound ? 'flex-end' : 'flex-start', fontSize: 12 }}>
          {who.length > 0 && <Typography.Text type="secondary">{who.join(' · ')}</Typography.Text>}
          <Typography.Text type="secondary">{time(message.created_at)}</Typography.Text>
          <DeliveryStatus message={message} />
          {action}
        </div>
      </div>
    </div>
  );
}
