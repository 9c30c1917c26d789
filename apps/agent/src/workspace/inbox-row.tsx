import { contactAddress } from '@ws/web-kit/chat';
import { useLanguage } from '@ws/web-kit/i18n';
import { useSession } from '@ws/web-kit/session';
import { formatDateTime, languageName } from '@ws/web-kit/utils';
import { Badge, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InboxRow as Row } from './use-inbox.js';
import { WindowCountdown } from './window-countdown.js';

export const addressOf = (row: Pick<Row, 'contact_wa_id' | 'contact_username'>) =>
  contactAddress({ wa_id: row.contact_wa_id, username: row.contact_username, user_id: null });

/** The customer as the agent knows them: their name, else their number. */
export const customerName = (row: Pick<Row, 'contact_name' | 'contact_wa_id' | 'contact_username'>) =>
  row.contact_name || addressOf(row);

/**
 * One conversation of the inbox: the customer and unread count, the number it came through, the
 * last message, tags and language, who has it if not this agent (or that it waits), and the
 * window's time left.
 */
export function InboxRow({ row, open, onOpen }: { row: Row; open: boolean; onOpen(row: Row): void }) {
  const { t } = useTranslation('workspace');
  const language = useLanguage();
  // Whose it is, when it is someone else's (an operator sees the whole tenant's).
  const me = useSession()?.user.user_id;
  const statusText = useTranslation('conversation').t;
  return (
    <button
      type="button"
      data-testid="inbox-item"
      data-key={row.id}
      data-status={row.status}
      aria-current={open ? 'true' : undefined}
      onClick={() => onOpen(row)}
      style={{
        display: 'block',
        width: '100%',
        textAlign: 'left',
        border: 'none',
        borderBottom: '1px solid var(--ant-color-split, #f0f0f0)',
        padding: '8px 12px',
        cursor: 'pointer',
        background: open ? 'var(--ant-color-primary-bg, #e6f4ff)' : 'transparent',
      }}
    >
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
        <Typography.Text strong ellipsis data-testid="inbox-item-name">
          {customerName(row)}
        </Typography.Text>
        <Badge count={row.unread} size="small" title={t('unread', { count: row.unread })} />
      </div>
      <Typography.Text type="secondary" ellipsis style={{ display: 'block', fontSize: 12 }}>
        {row.contact_name ? `${addressOf(row)} · ` : ''}
        {row.number_name || row.number_phone}
      </Typography.Text>
      <Typography.Text ellipsis style={{ display: 'block', fontSize: 12 }}>
        {row.last_message_direction === 'out' ? '↩ ' : ''}
        {row.last_message_preview}
      </Typography.Text>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 4, marginTop: 4 }}>
        {!row.assignee && row.status !== 'resolved' && <Tag color="orange">{t('waiting')}</Tag>}
        {row.assignee && row.assignee.id !== me && (
          <Tag data-testid="inbox-item-assignee">{row.assignee.nickname || row.assignee.username}</Tag>
        )}
        {row.status !== 'open' && <Tag>{statusText(`status.${row.status}`)}</Tag>}
        {row.language && <Tag data-testid="inbox-item-language">{languageName(language, row.language)}</Tag>}
        {row.tags.map((tag) => (
          <Tag key={tag.id} color={tag.color || 'purple'}>
            {tag.name}
          </Tag>
        ))}
      </div>
      <div
        style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', fontSize: 12, marginTop: 4 }}
      >
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {formatDateTime(row.last_message_at)}
        </Typography.Text>
        <WindowCountdown
          closesAt={row.closesAt}
          openText={(time) => t('windowLeft', { time })}
          closedText={t('windowClosed')}
        />
      </div>
    </button>
  );
}
