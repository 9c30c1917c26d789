import { calls, type Group, MAX_GROUP_PARTICIPANTS } from '@ws/contract';
import { FilterBar, formatTime, PagedTable, usePagedList } from '@ws/web-kit/list';
import { NumberSelect } from '@ws/web-kit/pickers';
import { Form, Input, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCodeName } from '../../components/codes/code-label.js';

interface GroupFilters {
  search?: string;
  numberId?: string;
}

/** Every group of the tenant (`group/list`), a task's or not, newest first. */
export function AllGroups() {
  const { t } = useTranslation('groups');
  const codeName = useCodeName();
  const [form] = Form.useForm<GroupFilters>();
  const [filters, setFilters] = useState<GroupFilters>({});
  const list = usePagedList(calls.groupList, { filters });
  const columns: TableColumnsType<Group> = [
    { title: t('subject'), dataIndex: 'subject' },
    { title: t('task'), dataIndex: 'task_name', render: (name: string | null) => name ?? '-' },
    {
      title: t('role'),
      dataIndex: 'role',
      render: (role: string | null) => (role ? <Tag>{codeName('PullGroupRole', role)}</Tag> : '-'),
    },
    {
      title: t('participants'),
      dataIndex: 'participant_count',
      render: (n: number) => `${n} / ${MAX_GROUP_PARTICIPANTS}`,
    },
    { title: t('pendingRequests'), dataIndex: 'pending_requests' },
    { title: t('hostNumber'), dataIndex: 'number_phone' },
    {
      title: t('inviteLink'),
      dataIndex: 'invite_link',
      render: (link: string | null) =>
        link ? <Typography.Text copyable={{ text: link }}>{link}</Typography.Text> : '-',
    },
    { title: t('createdAt'), dataIndex: 'created_at', render: (at: string) => formatTime(at) },
  ];
  return (
    <>
      <FilterBar<GroupFilters> form={form} onSearch={setFilters}>
        <Form.Item name="search">
          <Input allowClear placeholder={t('searchGroups')} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="numberId">
          <NumberSelect placeholder={t('hostNumber')} />
        </Form.Item>
      </FilterBar>
      <PagedTable<Group> rowKey="id" columns={columns} list={list} data-testid="all-groups-table" />
    </>
  );
}
