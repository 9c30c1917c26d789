import { CONVERSATION_STATUSES, type ConversationStatus, INBOX_QUEUES, type InboxQueue } from '@ws/contract';
import { Input, type InputRef, Segmented, Select } from 'antd';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { changeInboxFilters, useInboxFilters } from '../session/client-stores.js';

const ANY = 'any';

/** The inbox's filters: the search (Ctrl+K: name or phone), the queue (all, mine, waiting in my numbers) and the status. */
export function InboxFilters({ searchRef }: { searchRef: Ref<InputRef> }) {
  const { t } = useTranslation('workspace');
  const statusText = useTranslation('conversation').t;
  const filters = useInboxFilters();
  return (
    <div style={{ padding: 8, display: 'flex', flexDirection: 'column', gap: 8 }}>
      <Input.Search
        ref={searchRef}
        allowClear
        maxLength={64}
        defaultValue={filters.search}
        placeholder={t('searchPlaceholder')}
        onSearch={(value) => changeInboxFilters({ search: value.trim() })}
        data-testid="inbox-search"
      />
      <div style={{ display: 'flex', gap: 8 }}>
        <Segmented<InboxQueue>
          size="small"
          aria-label={t('queueLabel')}
          data-testid="inbox-queue"
          value={filters.queue}
          onChange={(queue) => changeInboxFilters({ queue })}
          options={INBOX_QUEUES.map((queue) => ({ value: queue, label: t(`queue.${queue}`) }))}
        />
        <Select<ConversationStatus | typeof ANY>
          size="small"
          aria-label={t('statusLabel')}
          data-testid="inbox-status"
          style={{ flex: 1, minWidth: 0 }}
          value={filters.status ?? ANY}
          onChange={(status) => changeInboxFilters({ status: status === ANY ? undefined : status })}
          options={[
            { value: ANY, label: t('anyStatus') },
            ...CONVERSATION_STATUSES.map((status) => ({ value: status, label: statusText(`status.${status}`) })),
          ]}
        />
      </div>
    </div>
  );
}
