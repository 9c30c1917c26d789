import { EyeOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { PULL_TASK_STATUSES, type PullTask, type PullTaskStatus } from '@ws/contract';
import { actionsColumn, FilterBar, FilterSelect, PagedTable, type RowAction } from '@ws/web-kit/list';
import { Button, Card, Form, Input, Space, type TableColumnsType, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCodeName } from '../../components/codes/code-label.js';
import { AllGroups } from './all-groups.js';
import { usePullTasks } from './pull-calls.js';
import { PullDetailsDrawer } from './pull-details.js';
import { PullFormDrawer } from './pull-form.js';
import { STATUS_COLORS, useOperateTask } from './pull-operations.js';

interface TaskFilters {
  search?: string;
  status?: PullTaskStatus;
}

/**
 * /groupManage/pullGroup: pull-group tasks. Each creates groups through the Groups API on its
 * host numbers and sends their invite links by template to consenting contacts, who join by
 * themselves; the list shows the roll-ups, the drawer the groups, members and invitations.
 */
export default function PullGroupPage() {
  const { t } = useTranslation('groups');
  const codeName = useCodeName();
  const [form] = Form.useForm<TaskFilters>();
  const [filters, setFilters] = useState<TaskFilters>({});
  const list = usePullTasks({ filters });
  const [shown, setShown] = useState<PullTask>();
  const [formOpen, setFormOpen] = useState(false);
  const operationsOf = useOperateTask(() => list.refresh());
  const current = shown && (list.records.find((task) => task.id === shown.id) ?? shown);

  const actionsOf = (task: PullTask): RowAction[] => [
    ...operationsOf(task),
    { label: t('details'), icon: <EyeOutlined />, onClick: () => setShown(task), testId: 'pull-details' },
  ];

  const columns: TableColumnsType<PullTask> = [
    {
      title: t('name'),
      dataIndex: 'name',
      render: (name: string, task) => (
        <Typography.Link onClick={() => setShown(task)} data-testid="pull-name-link">
          {name}
        </Typography.Link>
      ),
    },
    {
      title: t('status'),
      dataIndex: 'status',
      render: (status: PullTaskStatus) => (
        <Tag color={STATUS_COLORS[status]} data-testid="pull-status" data-status={status}>
          {codeName('PullTaskStatus', status)}
        </Tag>
      ),
    },
    { title: t('hosts'), key: 'hosts', render: (_, task) => task.numbers.map((number) => number.phone).join(', ') },
    { title: t('invited'), dataIndex: 'invited', render: (n: number) => <span data-testid="pull-invited">{n}</span> },
    { title: t('joined'), dataIndex: 'joined', render: (n: number) => <span data-testid="pull-joined">{n}</span> },
    { title: t('declined'), dataIndex: 'declined' },
    { title: t('groups'), dataIndex: 'groups', render: (n: number) => <span data-testid="pull-groups">{n}</span> },
    {
      title: t('currentLink'),
      dataIndex: 'current_invite_link',
      render: (link: string | null) =>
        link ? <Typography.Text copyable={{ text: link }}>{link.replace('https://', '')}</Typography.Text> : '-',
    },
    actionsColumn(t('actions'), actionsOf),
  ];

  const tasks = (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t('intro')}
      </Typography.Paragraph>
      <FilterBar<TaskFilters> form={form} onSearch={setFilters}>
        <Form.Item name="search">
          <Input allowClear placeholder={t('search')} style={{ width: 200 }} data-testid="pull-search" />
        </Form.Item>
        <FilterSelect
          name="status"
          placeholder={t('statusAll')}
          width={140}
          options={PULL_TASK_STATUSES.map((value) => ({ value, label: codeName('PullTaskStatus', value) }))}
          data-testid="pull-status-filter"
        />
      </FilterBar>
      <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setFormOpen(true)} data-testid="pull-create">
          {t('create')}
        </Button>
        <Button icon={<ReloadOutlined />} onClick={() => void list.refresh()} data-testid="pull-refresh">
          {t('refresh')}
        </Button>
      </Space>
      <PagedTable<PullTask> rowKey="id" columns={columns} list={list} data-testid="pull-table" />
    </Space>
  );

  return (
    <Card title={t('title')} data-testid="pull-group-page">
      <Tabs
        items={[
          { key: 'tasks', label: t('tasksTab'), children: tasks },
          { key: 'groups', label: t('allGroupsTitle'), children: <AllGroups /> },
        ]}
        data-testid="pull-group-tabs"
      />
      <PullDetailsDrawer task={current} onClose={() => setShown(undefined)} onChanged={() => void list.refresh()} />
      <PullFormDrawer
        open={formOpen}
        onClose={() => setFormOpen(false)}
        onSaved={() => {
          setFormOpen(false);
          void list.refresh();
        }}
      />
    </Card>
  );
}
