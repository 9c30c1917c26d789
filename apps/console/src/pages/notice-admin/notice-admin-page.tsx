import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { calls, type Notice } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { actionsColumn, formatTime, PagedTable, useConfirm, usePagedList } from '@ws/web-kit/list';
import { NoticeBody } from '@ws/web-kit/notices';
import { Button, Card, Space, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeLabel } from '../../components/codes/code-label.js';
import { NoticeLevelTag } from '../notices/notice-level-tag.js';
import { NoticeDialog } from './notice-dialog.js';

const STATE_COLORS: Record<Notice['state'], string> = { scheduled: 'default', active: 'green', ended: 'default' };

/** /terrace/notice: the platform admin publishes notices, sees every one with its audience and state, deletes them. */
export default function NoticeAdminPage() {
  const { t } = useTranslation('notices');
  const confirm = useConfirm();
  const list = usePagedList(calls.noticeList, { unreadOnly: false });
  const [adding, setAdding] = useState(false);
  const refresh = () => void list.refresh();

  const remove = (notice: Notice) =>
    confirm(
      async () => {
        await callApi(calls.noticeDel, { body: { ids: [notice.id] }, notifySuccess: true });
        await list.refresh();
      },
      { title: t('deleteTitle'), content: t('deleteContent'), danger: true },
    );

  const columns: TableColumnsType<Notice> = [
    {
      title: t('title'),
      dataIndex: 'title',
      render: (title: string) => <span data-testid="notice-title">{title}</span>,
    },
    { title: t('level'), dataIndex: 'level', render: (level: Notice['level']) => <NoticeLevelTag level={level} /> },
    {
      title: t('audience'),
      key: 'audience',
      render: (_: unknown, row) => (
        <Space size={4} wrap>
          <CodeLabel group="NoticeAudience" code={row.audience} />
          {row.tenant_ids?.map((id) => (
            <Tag key={id}>{id}</Tag>
          ))}
        </Space>
      ),
    },
    { title: t('startsAt'), dataIndex: 'starts_at', render: formatTime },
    { title: t('endsAt'), dataIndex: 'ends_at', render: formatTime },
    {
      title: t('state'),
      dataIndex: 'state',
      render: (state: Notice['state']) => (
        <Tag color={STATE_COLORS[state]}>
          <CodeLabel group="NoticeState" code={state} />
        </Tag>
      ),
    },
    { title: t('createdAt'), dataIndex: 'created_at', render: formatTime },
    actionsColumn(t('actions'), (row: Notice) => [
      { label: t('delete'), onClick: () => remove(row), danger: true, testId: 'notice-delete' },
    ]),
  ];

  return (
    <Card
      title={t('adminTitle')}
      data-testid="notice-admin-page"
      extra={
        <Space>
          <Button icon={<ReloadOutlined />} onClick={refresh}>
            {t('refresh')}
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="notice-add">
            {t('publish')}
          </Button>
        </Space>
      }
    >
      <PagedTable<Notice>
        rowKey="id"
        columns={columns}
        list={list}
        locale={{ emptyText: t('empty') }}
        expandable={{ expandedRowRender: (row) => <NoticeBody html={row.body_html} /> }}
      />
      {adding && <NoticeDialog onClose={() => setAdding(false)} onSaved={refresh} />}
    </Card>
  );
}
