import { ArrowLeftOutlined } from '@ant-design/icons';
import type { ChatContact, ChatNumber } from '@ws/contract';
import { contactAddress } from '@ws/web-kit/chat';
import { formatDateTime } from '@ws/web-kit/utils';
import { Button, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCodeName } from '../../components/codes/code-label.js';

const CONSENT_COLORS = { opted_in: 'green', opted_out: 'red', none: 'default' } as const;

/** Who the history is with: the contact (consent, 24-hour window) and/or the number. */
export function ChatHeader({
  contact,
  number,
  onBack,
}: {
  contact: ChatContact | undefined;
  number: ChatNumber | undefined;
  onBack(): void;
}) {
  const { t } = useTranslation('chat');
  const { t: tm } = useTranslation('messages');
  const codeName = useCodeName();
  return (
    <Space wrap align="center" data-testid="chat-header" style={{ marginBottom: 12 }}>
      <Button icon={<ArrowLeftOutlined />} onClick={onBack} data-testid="chat-back">
        {t('back')}
      </Button>
      {contact && (
        <>
          <Typography.Text strong data-testid="chat-contact-name">
            {contact.name || (contact.wa_id ?? contactAddress(contact))}
          </Typography.Text>
          <Typography.Text type="secondary" data-testid="chat-contact-wa-id">
            {contact.wa_id ?? contactAddress(contact)}
          </Typography.Text>
          <Tag color={CONSENT_COLORS[contact.consent]}>{codeName('Consent', contact.consent)}</Tag>
          <Tag color={contact.window_open ? 'blue' : 'default'} data-testid="chat-window">
            {contact.window_open && contact.window_closes_at
              ? t('windowOpenUntil', { time: formatDateTime(contact.window_closes_at) })
              : t('windowClosed')}
          </Tag>
          {contact.deleted && <Tag color="orange">{t('deleted')}</Tag>}
        </>
      )}
      {number ? (
        <Typography.Text data-testid="chat-number">
          {contact ? tm('throughNumber', { phone: number.phone }) : `${number.phone} · ${t('numberHistory')}`}
          {number.verified_name && ` (${number.verified_name})`}
          {number.deleted && <Tag color="orange">{t('deleted')}</Tag>}
        </Typography.Text>
      ) : (
        contact && <Tag>{t('allNumbers')}</Tag>
      )}
    </Space>
  );
}
