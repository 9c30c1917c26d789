import type { ChatMessage } from '@ws/contract';
import { Button, Empty, Spin, Typography } from 'antd';
import { type CSSProperties, type ReactNode, useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ChatSourceScope } from './media-view.js';
import { type BubbleContext, MessageBubble } from './message-bubble.js';
import { foldReactions } from './timeline.js';
import type { ChatHistory } from './use-chat-history.js';

/** Within this many pixels of an edge counts as being at it. */
const EDGE_PX = 60;

/**
 * A history as a chat: newest at the bottom, older pages read when the reader scrolls to the
 * top, new messages arriving by themselves (and scrolled to when the reader is at the bottom).
 * `style` sizes the scrolling area (the console's page and the seat client's pane differ);
 * `messageAction`, when given, adds what it renders to each message's footer (the seat client's "reply");
 * `messageBelow`, when given, renders under each message's bubble (the seat client's translation).
 */
export function ChatTimeline({
  chat,
  context,
  style,
  messageAction,
  messageBelow,
}: {
  chat: ChatHistory;
  context: BubbleContext;
  style?: CSSProperties;
  messageAction?: (message: ChatMessage) => ReactNode;
  messageBelow?: (message: ChatMessage) => ReactNode;
}) {
  const { t } = useTranslation('messages');
  const { onMessage, absorbed } = useMemo(() => foldReactions(chat.messages), [chat.messages]);
  const shown = chat.messages.filter((message) => !absorbed.has(message.id));

  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  // Set while older messages are being added above, to keep what the reader sees in place.
  const keepInPlace = useRef<{ height: number; top: number } | null>(null);

  const scrollToBottom = useCallback(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, []);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || chat.messages.length === 0) return;
    if (keepInPlace.current) {
      element.scrollTop = element.scrollHeight - keepInPlace.current.height + keepInPlace.current.top;
      keepInPlace.current = null;
    } else if (atBottom.current) {
      scrollToBottom();
    }
  }, [chat.messages, scrollToBottom]);

  // Images and videos take their height when they load: stay at the bottom if the reader was there.
  useEffect(() => {
    const element = content.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current && !keepInPlace.current) scrollToBottom();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [scrollToBottom]);

  const loadOlder = () => {
    const element = scroller.current;
    if (!element || !chat.hasOlder || chat.loadingOlder) return;
    keepInPlace.current = { height: element.scrollHeight, top: element.scrollTop };
    void chat.loadOlder();
  };

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < EDGE_PX;
    if (element.scrollTop < EDGE_PX) loadOlder();
  };

  return (
    <div
      ref={scroller}
      onScroll={onScroll}
      data-testid="chat-messages"
      style={{ overflowY: 'auto', padding: '0 8px', ...style }}
    >
      <ChatSourceScope source={chat.source} ref={content}>
        <div style={{ textAlign: 'center', margin: '8px 0' }}>
          {chat.hasOlder ? (
            <Button size="small" loading={chat.loadingOlder} onClick={loadOlder} data-testid="chat-load-older">
              {t('loadOlder')}
            </Button>
          ) : (
            chat.messages.length > 0 && <Typography.Text type="secondary">{t('noOlder')}</Typography.Text>
          )}
        </div>
        {chat.loading && <Spin style={{ display: 'block', margin: 24 }} />}
        {!chat.loading && chat.messages.length === 0 && <Empty description={t('empty')} />}
        {shown.map((message) => (
          <MessageBubble
            key={message.id}
            message={message}
            reactions={message.meta_message_id ? onMessage.get(message.meta_message_id) : undefined}
            context={context}
            action={messageAction?.(message)}
            below={messageBelow?.(message)}
          />
        ))}
      </ChatSourceScope>
    </div>
  );
}
