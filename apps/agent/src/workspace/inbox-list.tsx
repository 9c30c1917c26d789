import { Empty, type InputRef, Spin, Typography } from 'antd';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { InboxFilters } from './inbox-filters.js';
import { InboxRow } from './inbox-row.js';
import type { InboxRow as Row } from './use-inbox.js';

/** The inbox pane: the filters and search (Ctrl+K), then the conversations newest first, the open one marked. */
export function InboxList({
  conversations,
  total,
  loading,
  openId,
  onOpen,
  searchRef,
}: {
  conversations: readonly Row[];
  total: number;
  loading: boolean;
  openId: string | undefined;
  onOpen(conversation: Row): void;
  searchRef: Ref<InputRef>;
}) {
  const { t } = useTranslation('workspace');
  return (
    <nav
      aria-label={t('inbox')}
      data-testid="inbox"
      style={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1, minWidth: 0 }}
    >
      <InboxFilters searchRef={searchRef} />
      <div style={{ overflowY: 'auto', flex: 1 }}>
        {loading && <Spin style={{ display: 'block', margin: 24 }} />}
        {!loading && conversations.length === 0 && <Empty description={t('noConversations')} />}
        {conversations.map((row) => (
          <InboxRow key={row.id} row={row} open={row.id === openId} onOpen={onOpen} />
        ))}
        {total > conversations.length && (
          <Typography.Text type="secondary" style={{ display: 'block', padding: 8, fontSize: 12 }}>
            {t('shownOf', { shown: conversations.length, total })}
          </Typography.Text>
        )}
      </div>
    </nav>
  );
}
