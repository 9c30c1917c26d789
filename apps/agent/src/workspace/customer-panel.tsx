import type { ChatContact, InboxConversation } from '@ws/contract';
import { useLanguage } from '@ws/web-kit/i18n';
import { languageName } from '@ws/web-kit/utils';
import { Descriptions, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { AssignmentsTab } from './assignments-tab.js';
import { addressOf } from './inbox-row.js';
import { NotesTab } from './notes-tab.js';

/** The customer's details: name, number, the business number, language, tags and consent. */
function CustomerDetails({
  conversation,
  contact,
}: {
  conversation: InboxConversation;
  contact: ChatContact | undefined;
}) {
  const { t } = useTranslation('conversation');
  const language = useLanguage();
  return (
    <>
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'name', label: t('name'), children: conversation.contact_name || '—' },
          {
            key: 'phone',
            label: t('phone'),
            children: <span data-testid="customer-phone">{addressOf(conversation)}</span>,
          },
          {
            key: 'number',
            label: t('number'),
            children: `${conversation.number_name} ${conversation.number_phone}`.trim(),
          },
          {
            key: 'language',
            label: t('language'),
            children: (
              <span data-testid="customer-language">
                {conversation.language ? languageName(language, conversation.language) : t('languageUnknown')}
                {conversation.language_source === 'manual' ? ` ${t('languageManual')}` : ''}
              </span>
            ),
          },
          {
            key: 'tags',
            label: t('tags'),
            children: conversation.tags.length
              ? conversation.tags.map((tag) => (
                  <Tag key={tag.id} color={tag.color || 'purple'}>
                    {tag.name}
                  </Tag>
                ))
              : '—',
          },
          ...(contact
            ? [
                {
                  key: 'consent',
                  label: t('consent'),
                  children: (
                    <Tag
                      color={
                        contact.consent === 'opted_in' ? 'green' : contact.consent === 'opted_out' ? 'red' : 'default'
                      }
                    >
                      {t(`consentState.${contact.consent}`)}
                    </Tag>
                  ),
                },
              ]
            : []),
        ]}
      />
      {contact?.deleted && <Tag color="orange">{t('deleted')}</Tag>}
    </>
  );
}

/** The right pane: the customer, the internal notes (agents only) and the transfer history. */
export function CustomerPanel({
  conversation,
  contact,
}: {
  conversation: InboxConversation;
  contact: ChatContact | undefined;
}) {
  const { t } = useTranslation('conversation');
  return (
    <aside
      data-testid="customer-panel"
      aria-label={t('details')}
      style={{ borderLeft: '1px solid var(--ant-color-split, #f0f0f0)', padding: '0 16px 16px', overflowY: 'auto' }}
    >
      <Tabs
        size="small"
        items={[
          {
            key: 'details',
            label: t('details'),
            children: <CustomerDetails conversation={conversation} contact={contact} />,
          },
          { key: 'notes', label: t('notes'), children: <NotesTab conversationId={conversation.id} /> },
          { key: 'history', label: t('history'), children: <AssignmentsTab conversationId={conversation.id} /> },
        ]}
      />
    </aside>
  );
}
