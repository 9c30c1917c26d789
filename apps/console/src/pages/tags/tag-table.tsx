import { DeleteOutlined, EditOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { calls, PAGE_SIZES, type Tag, type TagKind } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { actionsColumn, BatchActions, formatTime, TagChip, useConfirm, useRowSelection } from '@ws/web-kit/list';
import { Button, Input, Space, Table, type TableColumnsType, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditDialog } from '../../components/form/index.js';
import { TagFormModal } from './tag-form.js';
import { useRefreshTags, useTags } from './tag-queries.js';

export { TagSelect, type TagSelectProps } from './tag-select.js';

/**
 * The tag management table of one kind: add, edit (name, colour, remark), delete one or the
 * selection after the 确定将选择数据删除? confirmation, and each tag's count. The whole list comes
 * in one call (a tenant has at most a few thousand tags), so search and paging are local.
 */
export function TagTable({ kind }: { kind: TagKind }) {
  const { t } = useTranslation('tags');
  const tags = useTags(kind);
  const refreshTags = useRefreshTags();
  const selection = useRowSelection();
  const confirm = useConfirm();
  const [search, setSearch] = useState('');
  const editor = useEditDialog<Tag>();

  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const all = tags.data ?? [];
    return needle ? all.filter((tag) => tag.name.toLowerCase().includes(needle)) : all;
  }, [tags.data, search]);

  const remove = (ids: string[]) => {
    const count = (tags.data ?? []).filter((tag) => ids.includes(tag.id)).reduce((sum, tag) => sum + tag.count, 0);
    confirm(
      async () => {
        await callApi(calls.tagDel, { body: { ids }, notifySuccess: true });
        selection.drop(ids);
        await refreshTags();
      },
      { content: t('deleteContent', { count }) },
    );
  };

  const columns: TableColumnsType<Tag> = [
    {
      title: t('name'),
      dataIndex: 'name',
      render: (_, tag) => <TagChip tag={tag} data-testid="tag-name" />,
    },
    {
      title: kind === 'contact' ? t('contactCount') : t('numberCount'),
      dataIndex: 'count',
      align: 'right',
      sorter: (a, b) => a.count - b.count,
      render: (count: number) => <span data-testid="tag-count">{count.toLocaleString()}</span>,
    },
    { title: t('remark'), dataIndex: 'remark', ellipsis: true },
    { title: t('createdAt'), dataIndex: 'created_at', render: formatTime },
    actionsColumn(t('actions'), (tag: Tag) => [
      {
        label: t('edit'),
        icon: <EditOutlined />,
        onClick: () => editor.edit(tag),
        testId: 'tag-edit',
      },
      {
        label: t('delete'),
        icon: <DeleteOutlined />,
        danger: true,
        onClick: () => remove([tag.id]),
        testId: 'tag-delete',
      },
    ]),
  ];

  return (
    <div data-testid={`tag-table-${kind}`}>
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Button type="primary" icon={<PlusOutlined />} onClick={editor.add} data-testid="tag-add">
            {t('add')}
          </Button>
          <BatchActions
            selection={selection}
            actions={[
              { key: 'delete', label: t('deleteSelected'), icon: <DeleteOutlined />, danger: true, run: remove },
            ]}
          />
        </Space>
        <Space wrap>
          <Input.Search
            allowClear
            placeholder={t('search')}
            onSearch={setSearch}
            onChange={(event) => setSearch(event.target.value)}
            style={{ width: 220 }}
            data-testid="tag-search"
          />
          <Button icon={<ReloadOutlined />} onClick={() => void refreshTags()} data-testid="tag-refresh">
            {t('refresh')}
          </Button>
        </Space>
      </Space>
      <Table<Tag>
        rowKey="id"
        size="middle"
        scroll={{ x: 'max-content' }}
        columns={columns}
        dataSource={shown}
        loading={tags.isFetching}
        rowSelection={selection.tableProps}
        pagination={{
          pageSizeOptions: PAGE_SIZES.map(String),
          showSizeChanger: true,
          showTotal: (total) => <Typography.Text type="secondary">{t('total', { count: total })}</Typography.Text>,
        }}
      />
      <TagFormModal kind={kind} {...editor.dialog} onSaved={() => void refreshTags()} />
    </div>
  );
}
