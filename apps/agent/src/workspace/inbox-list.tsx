import type { ConversationSummary } from '@ws/contract';
import { contactAddress } from '@ws/web-kit/chat';
import { formatDateTime } from '@ws/web-kit/utils';
import { Badge, Empty, Input, type InputRef, Spin, Tag, Typography } from 'antd';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { inboxSearchStore, useInboxSearch } from '../session/client-stores.js';
import { conversationKey } from './conversation-keys.js';

export const addressOf = (row: ConversationSummary) =>
  contactAddress({ wa_id: row.contact_wa_id, username: row.contact_username, user_id: row.contact_user_id });

/** The inbox pane: search (Ctrl+K), then the conversations newest first, the open one marked. */
export function InboxList({
  conversations,
  loading,
  openKey,
  onOpen,
  searchRef,
}: {
  conversations: readonly ConversationSummary[];
  loading: boolean;
  openKey: string | undefined;
  onOpen(conversation: ConversationSummary): void;
  searchRef: Ref<InputRef>;
}) {
  const { t } = useTranslation('workspace');
  const search = useInboxSearch();
  return (
    <nav
      aria-label={t('inbox')}
      data-testid="inbox"
      style={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1, minWidth: 0 }}
    >
      <div style={{ padding: 8 }}>
        <Input.Search
          ref={searchRef}
          allowClear
          maxLength={64}
          defaultValue={search}
          placeholder={t('searchPlaceholder')}
          onSearch={(value) => inboxSearchStore.set(value.trim())}
          data-testid="inbox-search"
        />
      </div>
      <div style={{ overflowY: 'auto', flex: 1 }}>
        {loading && <Spin style={{ display: 'block', margin: 24 }} />}
        {!loading && conversations.length === 0 && <Empty description={t('noConversations')} />}
        {conversations.map((row) => {
          const key = conversationKey(row);
          const open = key === openKey;
          return (
            <button
              type="button"
              key={key}
              data-testid="inbox-item"
              data-key={key}
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
                <Typography.Text strong ellipsis>
                  {row.contact_name || addressOf(row)}
                </Typography.Text>
                <Badge count={row.unread} size="small" title={t('unread', { count: row.unread })} />
              </div>
              <Typography.Text type="secondary" ellipsis style={{ display: 'block', fontSize: 12 }}>
                {row.preview}
              </Typography.Text>
              <div style={{ display: 'flex', justifyContent: 'space-between', fontSize: 12 }}>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {formatDateTime(row.last_message_at)}
                </Typography.Text>
                <Tag color={row.window_open ? 'blue' : 'default'} style={{ marginInlineEnd: 0 }}>
                  {row.window_open ? t('windowOpen') : t('windowClosed')}
                </Tag>
              </div>
            </button>
          );
        })}
      </div>
    </nav>
  );
}
