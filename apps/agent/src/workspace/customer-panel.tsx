import type { ChatContact } from '@ws/contract';
import { contactAddress } from '@ws/web-kit/chat';
import { Descriptions, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { BlockControl } from './block-control.js';

/** The right pane: who the customer is (name, number, consent) and blocking them. */
export function CustomerPanel({
  numberId,
  contactId,
  contact,
}: {
  numberId: string;
  contactId: string;
  contact: ChatContact | undefined;
}) {
  const { t } = useTranslation('workspace');
  return (
    <aside
      data-testid="customer-panel"
      aria-label={t('customer')}
      style={{ borderLeft: '1px solid var(--ant-color-split, #f0f0f0)', padding: 16, overflowY: 'auto' }}
    >
      <Typography.Title level={5}>{t('customer')}</Typography.Title>
      {contact && (
        <Descriptions
          column={1}
          size="small"
          items={[
            { key: 'name', label: t('name'), children: contact.name || '—' },
            {
              key: 'phone',
              label: t('phone'),
              children: <span data-testid="customer-phone">{contactAddress(contact)}</span>,
            },
            {
              key: 'consent',
              label: t('consent'),
              children: (
                <Tag
                  color={contact.consent === 'opted_in' ? 'green' : contact.consent === 'opted_out' ? 'red' : 'default'}
                >
                  {t(`consentState.${contact.consent}`)}
                </Tag>
              ),
            },
          ]}
        />
      )}
      {contact?.deleted && <Tag color="orange">{t('deleted')}</Tag>}
      <BlockControl numberId={numberId} contactId={contactId} />
    </aside>
  );
}
