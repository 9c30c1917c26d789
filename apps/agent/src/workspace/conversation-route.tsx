import type { InboxConversation } from '@ws/contract';
import { ChatTimeline, useChatHistory } from '@ws/web-kit/chat';
import { useSession } from '@ws/web-kit/session';
import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Composer } from '../composer/composer.js';
import { replyAction } from '../composer/reply-target.js';
import { TranslationControls, useMessageTranslations } from '../translation/index.js';
import { ConversationHeader } from './conversation-header.js';
import { CustomerPanel } from './customer-panel.js';
import { useConversation } from './use-conversation.js';
import { useViewing, type Viewer } from './use-viewing.js';

/**
 * /client/c/:conversationId: one conversation of the inbox. Opening it (`inbox/open`) marks it
 * read and tells its other agents; its whole history (`inbox/messages`, media through
 * `inbox/media`: every message type, live ticks, older pages on scroll, a "reply" on each message)
 * in the centre with the composer below it, the customer on the right.
 */
export function ConversationRoute() {
  const { conversationId = '' } = useParams();
  // A new key per conversation: its history, scroll position, live cursor and viewers start afresh.
  return <Conversation key={conversationId} conversationId={conversationId} />;
}

function Conversation({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation('conversation');
  const navigate = useNavigate();
  const opened = useConversation(conversationId);
  const viewers = useViewing(conversationId, useSession()?.user.user_id);
  if (opened.gone || opened.failed) {
    return (
      <Result
        status="warning"
        data-testid="conversation-gone"
        title={opened.gone ? t('gone') : t('loadFailed')}
        extra={<Button onClick={() => void navigate('/')}>{t('back')}</Button>}
      />
    );
  }
  if (!opened.conversation) return <Spin style={{ margin: 48 }} />;
  return (
    <ConversationView
      conversation={opened.conversation}
      closesAt={opened.closesAt}
      viewers={viewers}
      update={opened.update}
    />
  );
}

/** The open conversation: header, timeline (what the agent writes goes below it), the customer on the right. */
function ConversationView({
  conversation,
  closesAt,
  viewers,
  update,
}: {
  conversation: InboxConversation;
  closesAt: number;
  viewers: readonly Viewer[];
  update(next: InboxConversation): void;
}) {
  const chat = useChatHistory({
    conversationId: conversation.id,
    numberId: conversation.number_id,
    contactId: conversation.contact_id,
  });
  const translationBelow = useMessageTranslations(conversation.id, chat.messages);
  return (
    <div style={{ display: 'grid', gridTemplateColumns: '1fr 320px', minHeight: 0 }}>
      <section data-testid="conversation" style={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}>
        <ConversationHeader
          conversation={conversation}
          closesAt={closesAt}
          viewers={viewers}
          update={update}
          extra={<TranslationControls conversation={conversation} onChange={update} />}
        />
        <ChatTimeline
          messageBelow={translationBelow}
          chat={chat}
          context={{ showContact: false, showNumber: false }}
          style={{ flex: 1, minHeight: 0 }}
          messageAction={replyAction}
        />
        <Composer conversation={conversation} />
      </section>
      <CustomerPanel conversation={conversation} contact={chat.contact} />
    </div>
  );
}
