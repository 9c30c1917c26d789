import type { ContactRecord } from '@ws/contract';
import { contactAddress } from '@ws/web-kit/chat';
import { useLanguage } from '@ws/web-kit/i18n';
import { actionsColumn, formatTime, TagChips, userName } from '@ws/web-kit/list';
import { Badge, Tag as ColorTag, Space, type TableColumnsType, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { codeName, optInSourceName } from '../../components/codes/code-names.js';
import { relativeTime } from '../../utils/relative-time.js';
import { windowLeft } from './window-left.js';

const CONSENT_STATUS: Record<ContactRecord['consent'], 'success' | 'error' | 'default'> = {
  opted_in: 'success',
  opted_out: 'error',
  none: 'default',
};

/** The consent badge; the opt-in and opt-out details (source, evidence, times, channel) in its tooltip. */
function ConsentBadge({ contact }: { contact: ContactRecord }) {
  const { t } = useTranslation('contacts');
  const language = useLanguage();
  const details = [
    contact.opt_in_source && t('optInSource', { source: optInSourceName(language, contact.opt_in_source) }),
    contact.opt_in_evidence && t('optInEvidence', { evidence: contact.opt_in_evidence }),
    contact.opted_in_at && t('optedInAt', { time: formatTime(contact.opted_in_at) }),
    contact.opted_out_at && t('optedOutAt', { time: formatTime(contact.opted_out_at) }),
    contact.opt_out_channel &&
      t('optOutChannel', { channel: codeName(language, 'OptOutChannel', contact.opt_out_channel) }),
  ].filter(Boolean);
  return (
    <Tooltip
      title={details.length > 0 ? details.map((line) => <div key={line as string}>{line}</div>) : t('noConsentRecord')}
    >
      <span data-testid="contact-consent">
        <Badge status={CONSENT_STATUS[contact.consent]} text={codeName(language, 'Consent', contact.consent)} />
      </span>
    </Tooltip>
  );
}

function WindowState({ contact }: { contact: ContactRecord }) {
  const { t } = useTranslation('contacts');
  const left = contact.window_open ? windowLeft(contact.window_closes_at) : undefined;
  if (!left) return <Typography.Text type="secondary">{t('windowShut')}</Typography.Text>;
  const time =
    left.hours > 0
      ? t('hoursMinutes', { hours: left.hours, minutes: left.minutes })
      : t('minutesOnly', { minutes: left.minutes });
  return (
    <Tooltip title={contact.window_closes_at ? formatTime(contact.window_closes_at) : undefined}>
      <ColorTag color="green" data-testid="contact-window-open">
        {t('windowLeft', { time })}
      </ColorTag>
    </Tooltip>
  );
}

/** The contact list's columns, with each row's link to its chat history. */
export function useContactColumns(): TableColumnsType<ContactRecord> {
  const { t } = useTranslation('contacts');
  const shell = useTranslation('shell').t;
  const navigate = useNavigate();
  const timeTexts = {
    justNow: shell('justNow'),
    secondsAgo: (count: number) => shell('secondsAgo', { count }),
    yesterday: shell('yesterday'),
  };
  return [
    {
      title: t('contact'),
      dataIndex: 'name',
      fixed: 'left',
      render: (name: string, contact) => (
        <Space orientation="vertical" size={0}>
          <span data-testid="contact-name">{name || t('noName')}</span>
          <Typography.Text type="secondary" data-testid="contact-wa-id">
            {contactAddress(contact)}
          </Typography.Text>
        </Space>
      ),
    },
    { title: t('number'), dataIndex: 'number', render: (number: ContactRecord['number']) => number?.phone ?? '-' },
    {
      title: t('owner'),
      dataIndex: 'owner',
      render: userName,
    },
    { title: t('consent'), dataIndex: 'consent', render: (_, contact) => <ConsentBadge contact={contact} /> },
    {
      title: t('tags'),
      dataIndex: 'tags',
      render: (tags: ContactRecord['tags']) => <TagChips tags={tags} data-testid="contact-tags" />,
    },
    {
      title: t('lastMessage'),
      dataIndex: 'last_message_at',
      render: (at: string | null) =>
        at ? <Tooltip title={formatTime(at)}>{relativeTime(at, timeTexts)}</Tooltip> : '-',
    },
    { title: t('window'), dataIndex: 'window_open', render: (_, contact) => <WindowState contact={contact} /> },
    { title: t('createdAt'), dataIndex: 'created_at', render: formatTime },
    actionsColumn(t('actions'), (contact: ContactRecord) => [
      {
        label: t('chatHistory'),
        onClick: () => void navigate(`/passenger/chat_record/${contact.id}`),
        testId: 'contact-chat-history',
      },
    ]),
  ];
}
