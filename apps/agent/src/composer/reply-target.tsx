import { CloseOutlined, RollbackOutlined } from '@ant-design/icons';
import type { ChatMessage } from '@ws/contract';
import { Button, Typography } from 'antd';
import { type ReactNode, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The message the agent is answering: chosen on a bubble of the timeline ("reply"), shown quoted
 * above the composer, sent as the reply's `replyTo`. One at a time (one conversation is open);
 * the composer forgets it when its conversation changes.
 */
let target: ChatMessage | undefined;
const listeners = new Set<() => void>();

export function setReplyTarget(message: ChatMessage | undefined): void {
  target = message;
  for (const listener of listeners) listener();
}

export function useReplyTarget(): ChatMessage | undefined {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => target,
  );
}

/** Messages that can be answered: those Meta knows by an id, other than reactions and the system's. */
const answerable = (message: ChatMessage) =>
  message.meta_message_id !== null && message.type !== 'reaction' && message.type !== 'system';

function ReplyButton({ message }: { message: ChatMessage }) {
  const { t } = useTranslation('composer');
  return (
    <Button
      type="link"
      size="small"
      icon={<RollbackOutlined />}
      style={{ height: 'auto', padding: 0, fontSize: 12 }}
      data-testid="reply-action"
      onClick={() => setReplyTarget(message)}
    >
      {t('reply')}
    </Button>
  );
}

/** The timeline's `messageAction`: a "reply" button on each message that can be answered. */
export const replyAction = (message: ChatMessage): ReactNode =>
  answerable(message) ? <ReplyButton message={message} /> : null;

/** The quoted message above the composer, with a way to drop it. */
export function ReplyPreview({ message }: { message: ChatMessage }) {
  const { t } = useTranslation('composer');
  return (
    <div
      data-testid="reply-preview"
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        borderLeft: '3px solid var(--ant-color-primary, #1677ff)',
        padding: '2px 8px',
        marginBottom: 6,
      }}
    >
      <Typography.Text type="secondary" ellipsis style={{ flex: 1 }}>
        {t('replyingTo')}
        {message.preview || `[${message.type}]`}
      </Typography.Text>
      <Button
        type="text"
        size="small"
        icon={<CloseOutlined />}
        aria-label={t('cancelReply')}
        data-testid="reply-cancel"
        onClick={() => setReplyTarget(undefined)}
      />
    </div>
  );
}
