import { ReloadOutlined } from '@ant-design/icons';
import { type AgentSettings, calls } from '@ws/contract';
import { actionsColumn, FilterBar, formatTime, PagedTable, usePagedList, userName } from '@ws/web-kit/list';
import { Badge, Button, Card, Form, Input, Space, type TableColumnsType, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeLabel } from '../../components/codes/code-label.js';
import { useEditDialog } from '../../components/form/index.js';
import { MaterialTab } from '../materials/material-tab.js';
import { AgentSettingsDialog } from './agent-settings-dialog.js';

/**
 * /accountmanage/seats: the tenant's agents (first tab) and its quick replies (second tab: the material library's text materials). The agents: (seats, operators, admins), the numbers each serves
 * and its cap of unresolved conversations, which the assignment of new conversations follows
 * (decision 0016); presence comes from the seat client's heartbeat.
 */
function AgentsTab() {
  const { t } = useTranslation('seats');
  const [form] = Form.useForm<{ search?: string }>();
  const [search, setSearch] = useState<string>();
  const list = usePagedList(calls.inboxAgents, { filters: search ? { search } : {} });
  const dialog = useEditDialog<AgentSettings>();

  const columns: TableColumnsType<AgentSettings> = [
    {
      title: t('agent'),
      dataIndex: 'user',
      render: (user: AgentSettings['user']) => `${userName(user)} (${user.username})`,
    },
    { title: t('role'), dataIndex: 'role', render: (role: string) => <CodeLabel group="RoleCode" code={role} /> },
    {
      title: t('numbers'),
      dataIndex: 'numbers',
      render: (numbers: AgentSettings['numbers']) =>
        numbers.length === 0 ? (
          <Typography.Text type="secondary">{t('noNumbers')}</Typography.Text>
        ) : (
          <Space size={[0, 4]} wrap data-testid="seat-numbers">
            {numbers.map((number) => (
              <Tag key={number.id}>{number.phone}</Tag>
            ))}
          </Space>
        ),
    },
    {
      title: t('load'),
      key: 'load',
      render: (_: unknown, agent: AgentSettings) => (
        <span data-testid="seat-load">
          {agent.open_count} / {agent.max_open}
        </span>
      ),
    },
    {
      title: t('presence'),
      dataIndex: 'presence',
      render: (presence: AgentSettings['presence']) =>
        presence.online ? (
          <Badge status="success" text={<CodeLabel group="PresenceState" code={presence.state} />} />
        ) : (
          <Badge status="default" text={t('offline')} />
        ),
    },
    {
      title: t('lastSeen'),
      key: 'lastSeen',
      render: (_: unknown, agent: AgentSettings) => formatTime(agent.presence.last_seen_at),
    },
    actionsColumn(t('actions'), (agent: AgentSettings) => [
      { label: t('edit'), onClick: () => dialog.edit(agent), testId: 'seat-edit' },
    ]),
  ];

  return (
    <>
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <FilterBar<{ search?: string }>
        form={form}
        onSearch={(values) => setSearch(values.search)}
        extra={
          <Button icon={<ReloadOutlined />} onClick={() => void list.refresh()} data-testid="seats-refresh">
            {t('refresh')}
          </Button>
        }
      >
        <Form.Item name="search">
          <Input allowClear placeholder={t('search')} style={{ width: 220 }} data-testid="seats-search" />
        </Form.Item>
      </FilterBar>
      <PagedTable<AgentSettings> rowKey={(agent) => agent.user.id} columns={columns} list={list} />
      <AgentSettingsDialog {...dialog.dialog} onSaved={() => void list.refresh()} />
    </>
  );
}

export default function SeatsPage() {
  const { t } = useTranslation('seats');
  return (
    <Card title={t('title')} data-testid="seats-page">
      <Tabs
        items={[
          { key: 'agents', label: t('agentsTab'), children: <AgentsTab /> },
          {
            key: 'replies',
            label: t('repliesTab'),
            children: (
              <>
                <Typography.Paragraph type="secondary">{t('repliesIntro')}</Typography.Paragraph>
                <MaterialTab tp="text" />
              </>
            ),
          },
        ]}
      />
    </Card>
  );
}
