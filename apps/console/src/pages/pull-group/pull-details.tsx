import { DownloadOutlined } from '@ant-design/icons';
import {
  calls,
  INVITE_STATES,
  type InviteRecord,
  type InviteState,
  MAX_GROUP_PARTICIPANTS,
  type PullDetails,
  type PullTask,
} from '@ws/contract';
import { FilterBar, FilterSelect, formatTime, PagedTable, usePagedList } from '@ws/web-kit/list';
import { useRefetchOnEvent } from '@ws/web-kit/realtime';
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Form,
  Input,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCodeName } from '../../components/codes/code-label.js';
import { usePullDetails, usePullDownloads } from './pull-calls.js';
import { STATUS_COLORS, useOperateTask } from './pull-operations.js';

type TaskGroup = PullDetails['groups'][number];
interface RecordFilters {
  state?: InviteState;
  search?: string;
}

const ROLE_COLORS: Record<string, string> = { current: 'processing', spare: 'cyan', full: 'success', failed: 'error' };

/** A group's members: who joined when, and who left. */
function Members({ group }: { group: TaskGroup }) {
  const { t } = useTranslation('groups');
  if (group.members.length === 0) return <Typography.Text type="secondary">{t('noMembers')}</Typography.Text>;
  return (
    <Table
      rowKey="wa_id"
      size="small"
      pagination={false}
      dataSource={group.members}
      data-testid="pull-members"
      columns={[
        { title: t('contact'), key: 'who', render: (_, m) => `${m.name ? `${m.name} ` : ''}+${m.wa_id}` },
        {
          title: t('memberJoined'),
          dataIndex: 'joined_at',
          render: (at: string | null) => (at ? formatTime(at) : '-'),
        },
        { title: t('memberLeft'), dataIndex: 'left_at', render: (at: string | null) => (at ? formatTime(at) : '-') },
      ]}
    />
  );
}

/** The task's invitations, page by page, by state or phone digits. */
function Records({ task }: { task: PullTask }) {
  const { t } = useTranslation('groups');
  const codeName = useCodeName();
  const [form] = Form.useForm<RecordFilters>();
  const [filters, setFilters] = useState<RecordFilters>({});
  const list = usePagedList(calls.groupPullrecords, { id: task.id, filters });
  useRefetchOnEvent(list.queryKey, (event) => event.type === 'pull_group.updated' && event.data.task_id === task.id);
  const columns: TableColumnsType<InviteRecord> = [
    { title: t('contact'), key: 'who', render: (_, r) => `${r.name ? `${r.name} ` : ''}+${r.wa_id}` },
    { title: t('subject'), dataIndex: 'group_subject' },
    {
      title: t('recordState'),
      dataIndex: 'state',
      render: (state: InviteState) => <Tag data-testid="pull-record-state">{codeName('InviteState', state)}</Tag>,
    },
    {
      title: t('messageStatus'),
      dataIndex: 'message_status',
      render: (status: string | null) => (status ? codeName('MessageStatus', status) : '-'),
    },
    { title: t('invitedAt'), dataIndex: 'invited_at', render: (at: string) => formatTime(at) },
    { title: t('deliveredAt'), dataIndex: 'delivered_at', render: (at: string | null) => (at ? formatTime(at) : '-') },
    { title: t('joinedAt'), dataIndex: 'joined_at', render: (at: string | null) => (at ? formatTime(at) : '-') },
  ];
  return (
    <>
      <FilterBar<RecordFilters> form={form} onSearch={setFilters}>
        <FilterSelect
          name="state"
          placeholder={t('stateAll')}
          width={160}
          options={INVITE_STATES.map((value) => ({ value, label: codeName('InviteState', value) }))}
          data-testid="pull-record-filter"
        />
        <Form.Item name="search">
          <Input allowClear placeholder={t('searchPhone')} style={{ width: 170 }} />
        </Form.Item>
      </FilterBar>
      <PagedTable<InviteRecord> rowKey="contact_id" columns={columns} list={list} data-testid="pull-records" />
    </>
  );
}

/**
 * A task's details: its roll-ups and operations, each group with its role in the rotation, seats
 * taken (of 8), invite link and members, then the invitation records and the three exports.
 */
export function PullDetailsDrawer({
  task,
  onClose,
  onChanged,
}: {
  task: PullTask | undefined;
  onClose(): void;
  onChanged(): void;
}) {
  const { t } = useTranslation('groups');
  const codeName = useCodeName();
  const details = usePullDetails(task?.id);
  const downloads = usePullDownloads();
  const operationsOf = useOperateTask(async () => {
    onChanged();
    await details.refetch();
  });
  const shown = details.data?.task ?? task;
  const groupColumns: TableColumnsType<TaskGroup> = [
    { title: t('subject'), dataIndex: 'subject' },
    {
      title: t('role'),
      dataIndex: 'role',
      render: (role: string | null) =>
        role ? (
          <Tag color={ROLE_COLORS[role]} data-testid="pull-group-role" data-role={role}>
            {codeName('PullGroupRole', role)}
          </Tag>
        ) : (
          '-'
        ),
    },
    {
      title: t('participants'),
      dataIndex: 'participant_count',
      render: (n: number) => <span data-testid="pull-group-participants">{`${n} / ${MAX_GROUP_PARTICIPANTS}`}</span>,
    },
    { title: t('invitedToGroup'), dataIndex: 'invited' },
    { title: t('pendingRequests'), dataIndex: 'pending_requests' },
    { title: t('hostNumber'), dataIndex: 'number_phone' },
    {
      title: t('inviteLink'),
      dataIndex: 'invite_link',
      render: (link: string | null) =>
        link ? (
          <Typography.Text copyable={{ text: link }} data-testid="pull-group-link">
            {link}
          </Typography.Text>
        ) : (
          '-'
        ),
    },
  ];
  return (
    <Drawer
      open={task !== undefined}
      onClose={onClose}
      size={1100}
      title={shown ? t('detailsTitle', { name: shown.name }) : undefined}
      data-testid="pull-details-drawer"
    >
      {shown && (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('status')}>
              <Tag color={STATUS_COLORS[shown.status]} data-testid="pull-details-status" data-status={shown.status}>
                {codeName('PullTaskStatus', shown.status)}
              </Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('hosts')}>{shown.numbers.map((n) => n.phone).join(', ')}</Descriptions.Item>
            <Descriptions.Item label={t('groups')} span={2}>
              <span data-testid="pull-details-counters">
                {t('counters', {
                  invited: shown.invited,
                  joined: shown.joined,
                  declined: shown.declined,
                  groups: shown.groups,
                })}
              </span>
            </Descriptions.Item>
          </Descriptions>
          {shown.last_error && <Alert type="error" showIcon title={`${t('lastError')}: ${shown.last_error}`} />}
          <Space wrap>
            {operationsOf(shown).map((action) => (
              <Button
                key={action.testId}
                icon={action.icon}
                danger={action.danger}
                onClick={action.onClick}
                data-testid={action.testId}
              >
                {action.label}
              </Button>
            ))}
            <Button
              icon={<DownloadOutlined />}
              onClick={() => void downloads.groups(shown)}
              data-testid="pull-export-groups"
            >
              {t('exportGroups')}
            </Button>
            <Button
              icon={<DownloadOutlined />}
              onClick={() => void downloads.records(shown)}
              data-testid="pull-export-records"
            >
              {t('exportRecords')}
            </Button>
            <Button
              icon={<DownloadOutlined />}
              onClick={() => void downloads.joined(shown)}
              data-testid="pull-export-joined"
            >
              {t('exportJoined')}
            </Button>
          </Space>
          <Typography.Title level={5}>{t('groupList')}</Typography.Title>
          <Table<TaskGroup>
            rowKey="id"
            size="small"
            pagination={false}
            loading={details.isLoading}
            dataSource={details.data?.groups ?? []}
            columns={groupColumns}
            expandable={{ expandedRowRender: (group) => <Members group={group} /> }}
            data-testid="pull-groups-table"
          />
          <Typography.Title level={5}>{t('records')}</Typography.Title>
          <Records task={shown} />
        </Space>
      )}
    </Drawer>
  );
}
