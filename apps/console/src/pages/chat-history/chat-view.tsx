import { type ChatSubject, ChatTimeline, useChatHistory } from '@ws/web-kit/chat';
import { Button, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChatHeader } from './chat-header.js';

/** A contact's or number's history as a chat (the kit's timeline) under who it is with. */
export function ChatView({ subject, onBack }: { subject: ChatSubject; onBack(): void }) {
  const { t } = useTranslation('chat');
  const { t: tm } = useTranslation('messages');
  const chat = useChatHistory(subject);
  if (chat.failed)
    return <Result status="warning" title={t('title')} extra={<Button onClick={onBack}>{t('back')}</Button>} />;
  return (
    <div data-testid="chat-view">
      <ChatHeader contact={chat.contact} number={chat.number} onBack={onBack} />
      <ChatTimeline
        chat={chat}
        context={{ showContact: !subject.contactId, showNumber: !subject.numberId }}
        style={{ height: 'calc(100vh - 280px)', minHeight: 360 }}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {tm('live')}
      </Typography.Text>
    </div>
  );
}
