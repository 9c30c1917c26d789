import { Button, Empty, type InputRef, Spin } from 'antd';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { InboxFilters } from './inbox-filters.js';
import { InboxRow } from './inbox-row.js';
import type { InboxRow as Row } from './use-inbox.js';

/** The inbox pane: the filters and search (Ctrl+K), then the conversations newest first, the open one marked. */
export function InboxList({
  conversations,
  loading,
  more,
  openId,
  onOpen,
  searchRef,
}: {
  conversations: readonly Row[];
  loading: boolean;
  /** Older conversations to read on demand, when there are. */
  more?: { load(): void; loading: boolean } | undefined;
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
        {more && (
          <Button type="link" block loading={more.loading} onClick={more.load} data-testid="inbox-more">
            {t('loadMore')}
          </Button>
        )}
      </div>
    </nav>
  );
}
