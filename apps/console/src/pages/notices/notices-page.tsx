import { CheckOutlined, ReloadOutlined } from '@ant-design/icons';
import { calls, type Notice } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { formatTime, PagedTable, usePagedList } from '@ws/web-kit/list';
import { NoticeBody, setNoticeBadge } from '@ws/web-kit/notices';
import { useRefetchOnEvent } from '@ws/web-kit/realtime';
import { Button, Card, Space, Switch, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NoticeLevelTag } from './notice-level-tag.js';

/**
 * /notice/index: the notices addressed to the caller's tenant while they show (the platform admin
 * sees all of them), newest first. Opening one marks it read; the top bar's badge follows.
 */
export default function NoticesPage() {
  const { t } = useTranslation('notices');
  const [unreadOnly, setUnreadOnly] = useState(false);
  const list = usePagedList(calls.noticeList, { unreadOnly });
  useRefetchOnEvent(list.queryKey, (event) => event.type === 'notice.changed');

  const markRead = async (body: { ids: string[] } | { all: true }) => {
    const reply = await callApi(calls.noticeRead, { body });
    setNoticeBadge({ unread: reply.unread });
    await list.refresh();
  };
  const open = (notice: Notice) => {
    if (!notice.read) void markRead({ ids: [notice.id] });
  };

  const columns: TableColumnsType<Notice> = [
    {
      title: t('title'),
      dataIndex: 'title',
      render: (title: string, row) => (
        <Typography.Text strong={!row.read} data-testid="notice-title">
          {title}
        </Typography.Text>
      ),
    },
    { title: t('level'), dataIndex: 'level', render: (level: Notice['level']) => <NoticeLevelTag level={level} /> },
    { title: t('startsAt'), dataIndex: 'starts_at', render: formatTime },
    { title: t('endsAt'), dataIndex: 'ends_at', render: formatTime },
    {
      title: t('state'),
      key: 'read',
      render: (_: unknown, row) => (row.read ? <Tag>{t('read')}</Tag> : <Tag color="processing">{t('unread')}</Tag>),
    },
    {
      title: t('actions'),
      key: 'actions',
      render: (_: unknown, row) =>
        row.read ? null : (
          <Button
            size="small"
            type="link"
            onClick={() => void markRead({ ids: [row.id] })}
            data-testid="notice-mark-read"
          >
            {t('markRead')}
          </Button>
        ),
    },
  ];

  return (
    <Card
      title={t('listTitle')}
      data-testid="notices-page"
      extra={
        <Space>
          <Switch checked={unreadOnly} onChange={setUnreadOnly} data-testid="notice-unread-only" />
          {t('unreadOnly')}
          <Button icon={<CheckOutlined />} onClick={() => void markRead({ all: true })} data-testid="notice-read-all">
            {t('markAllRead')}
          </Button>
          <Button icon={<ReloadOutlined />} onClick={() => void list.refresh()}>
            {t('refresh')}
          </Button>
        </Space>
      }
    >
      <PagedTable<Notice>
        rowKey="id"
        columns={columns}
        list={list}
        locale={{ emptyText: t('empty') }}
        expandable={{
          expandedRowRender: (row) => <NoticeBody html={row.body_html} />,
          expandRowByClick: true,
          onExpand: (expanded, row) => expanded && open(row),
        }}
      />
    </Card>
  );
}
