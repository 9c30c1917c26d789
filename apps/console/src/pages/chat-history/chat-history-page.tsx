import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ChatView } from './chat-view.js';
import { ConversationPicker } from './conversation-picker.js';

const PATH = '/passenger/chat_record';
const isId = (value: string | null | undefined): value is string => !!value && /^[1-9]\d{0,18}$/.test(value);

/**
 * /passenger/chat_record/:userId: a contact's chat history (`?number=` narrows it to one number's
 * thread); /passenger/chat_record?number=<id>: a number's history; without either, the
 * conversations to pick from.
 */
export default function ChatHistoryPage() {
  const { t } = useTranslation('chat');
  const { param } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const contactId = isId(param) ? param : undefined;
  const numberId = isId(search.get('number')) ? (search.get('number') as string) : undefined;
  const picking = !contactId && !numberId;

  return (
    <Card title={picking ? t('pickTitle') : t('title')} data-testid="chat-history-page">
      {picking ? (
        <ConversationPicker
          onOpen={(conversation) => navigate(`${PATH}/${conversation.contact_id}?number=${conversation.number_id}`)}
        />
      ) : (
        <ChatView key={`${contactId}-${numberId}`} subject={{ contactId, numberId }} onBack={() => navigate(PATH)} />
      )}
    </Card>
  );
}
