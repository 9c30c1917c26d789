import { type ConversationSummary, calls } from '@ws/contract';
import { contactAddress } from '@ws/web-kit/chat';
import { FilterBar, PagedTable, usePagedList } from '@ws/web-kit/list';
import { formatDateTime } from '@ws/web-kit/utils';
import { Badge, Button, Form, Input, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Filters {
  search?: string;
}

/** Recent conversations, newest first, to open a chat from. */
export function ConversationPicker({ onOpen }: { onOpen(conversation: ConversationSummary): void }) {
  const { t } = useTranslation('chat');
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const list = usePagedList(calls.messageConversations, { filters });

  const columns: ColumnsType<ConversationSummary> = [
    {
      title: t('colContact'),
      key: 'contact',
      render: (_, row) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong>{row.contact_name || addressOf(row)}</Typography.Text>
          <Typography.Text type="secondary">
            {addressOf(row)}
            {row.contact_deleted && <Tag color="orange">{t('deleted')}</Tag>}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('colNumber'),
      key: 'number',
      render: (_, row) => (
        <span>
          {row.number_phone}
          {row.number_name && ` (${row.number_name})`}
          {row.number_deleted && <Tag color="orange">{t('deleted')}</Tag>}
        </span>
      ),
    },
    {
      title: t('colLastMessage'),
      dataIndex: 'preview',
      ellipsis: true,
      width: 320,
    },
    {
      title: t('colLastTime'),
      dataIndex: 'last_message_at',
      render: (value: string) => formatDateTime(value),
    },
    {
      title: t('colWindow'),
      dataIndex: 'window_open',
      render: (open: boolean) => (
        <Tag color={open ? 'blue' : 'default'}>{open ? t('windowOpen') : t('windowClosed')}</Tag>
      ),
    },
    {
      title: t('colUnread'),
      dataIndex: 'unread',
      render: (unread: number) => <Badge count={unread} showZero={false} />,
    },
    {
      title: t('colAction'),
      key: 'action',
      render: (_, row) => (
        <Button type="link" onClick={() => onOpen(row)} data-testid="conversation-open">
          {t('open')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <FilterBar form={form} onSearch={setFilters}>
        <Form.Item name="search" label={t('searchLabel')}>
          <Input allowClear maxLength={64} placeholder={t('searchPlaceholder')} data-testid="conversation-search" />
        </Form.Item>
      </FilterBar>
      <PagedTable<ConversationSummary>
        list={list}
        columns={columns}
        rowKey={(row) => `${row.contact_id}@${row.number_id}`}
        onRow={(row) => ({ onDoubleClick: () => onOpen(row) })}
        data-testid="conversation-table"
      />
    </>
  );
}

const addressOf = (row: ConversationSummary) =>
  row.contact_wa_id ??
  contactAddress({ wa_id: row.contact_wa_id, username: row.contact_username, user_id: row.contact_user_id });
