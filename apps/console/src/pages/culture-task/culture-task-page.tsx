import {
  CheckCircleOutlined,
  DeleteOutlined,
  EditOutlined,
  PauseCircleOutlined,
  PlayCircleOutlined,
  PlusOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import { calls, WARMUP_STATUSES, type WarmupPlan, type WarmupStatus } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { actionsColumn, FilterBar, FilterSelect, PagedTable, type RowAction, useConfirm } from '@ws/web-kit/list';
import { Button, Card, Form, Input, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeLabel, useCodeName } from '../../components/codes/code-label.js';
import { useWarmupPlans } from './warmup-calls.js';
import { WarmupDetailsDrawer } from './warmup-details.js';
import { WarmupFormDrawer } from './warmup-form.js';

interface PlanFilters {
  search?: string;
  status?: WarmupStatus;
}

const STATUS_COLORS: Record<WarmupStatus, string> = { active: 'processing', paused: 'warning', done: 'default' };
const PACE_TEXT = { gentle: 'paceGentle', normal: 'paceNormal', fast: 'paceFast' } as const;

/**
 * /marketingTasks/cultureTask: warm-up plans. Each plan ramps a business portfolio's daily unique
 * users toward a target tier over its numbers; the campaigns' dispatcher keeps each number under its
 * share. The list shows today's progress and the forecast; the drawer shows planned vs actual.
 */
export default function CultureTaskPage() {
  const { t } = useTranslation('warmup');
  const codeName = useCodeName();
  const confirm = useConfirm();
  const [form] = Form.useForm<PlanFilters>();
  const [filters, setFilters] = useState<PlanFilters>({});
  const list = useWarmupPlans({ filters });
  const [shown, setShown] = useState<WarmupPlan>();
  const [editing, setEditing] = useState<WarmupPlan>();
  const [formOpen, setFormOpen] = useState(false);
  const current = shown && (list.records.find((plan) => plan.id === shown.id) ?? shown);

  const setStatus = async (plan: WarmupPlan, status: WarmupStatus) => {
    await callApi(calls.warmupEdit, { body: { id: plan.id, status }, notifySuccess: true });
    await list.refresh();
  };
  const finish = (plan: WarmupPlan) =>
    confirm(() => setStatus(plan, 'done'), { content: t('finishContent', { name: plan.name }) });
  const remove = (plan: WarmupPlan) =>
    confirm(
      async () => {
        await callApi(calls.warmupDel, { body: { ids: [plan.id] }, notifySuccess: true });
        setShown(undefined);
        await list.refresh();
      },
      { content: t('deleteContent', { name: plan.name }) },
    );

  const actionsOf = (plan: WarmupPlan): RowAction[] => [
    // The name opens the details.
    {
      label: t('edit'),
      icon: <EditOutlined />,
      onClick: () => {
        setEditing(plan);
        setFormOpen(true);
      },
      testId: 'warmup-edit',
    },
    ...(plan.status === 'active'
      ? [
          {
            label: t('pause'),
            icon: <PauseCircleOutlined />,
            onClick: () => void setStatus(plan, 'paused'),
            testId: 'warmup-pause',
          },
        ]
      : plan.status === 'paused'
        ? [
            {
              label: t('resume'),
              icon: <PlayCircleOutlined />,
              onClick: () => void setStatus(plan, 'active'),
              testId: 'warmup-resume',
            },
          ]
        : []),
    ...(plan.status === 'done'
      ? []
      : [{ label: t('finish'), icon: <CheckCircleOutlined />, onClick: () => finish(plan), testId: 'warmup-finish' }]),
    {
      label: t('delete'),
      icon: <DeleteOutlined />,
      danger: true,
      onClick: () => remove(plan),
      testId: 'warmup-delete',
    },
  ];

  const columns: TableColumnsType<WarmupPlan> = [
    {
      title: t('name'),
      dataIndex: 'name',
      render: (name: string, plan) => (
        <Typography.Link onClick={() => setShown(plan)} data-testid="warmup-name-link">
          {name}
        </Typography.Link>
      ),
    },
    {
      title: t('portfolio'),
      key: 'portfolio',
      render: (_, plan) => (
        <Space orientation="vertical" size={0}>
          <span>{plan.portfolio.name}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            <CodeLabel group="MessagingTier" code={plan.portfolio.tier} />
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('targetTier'),
      key: 'target',
      render: (_, plan) => (
        <Space orientation="vertical" size={0}>
          <CodeLabel group="MessagingTier" code={plan.target_tier} />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t(PACE_TEXT[plan.pace])} · {t('numberCount', { count: plan.numbers.length })}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('status'),
      dataIndex: 'status',
      render: (status: WarmupStatus) => (
        <Tag color={STATUS_COLORS[status]} data-testid="warmup-status" data-status={status}>
          {codeName('WarmupStatus', status)}
        </Tag>
      ),
    },
    {
      title: t('today'),
      key: 'today',
      render: (_, plan) =>
        plan.today ? (
          <span data-testid="warmup-today">
            {plan.today.reached.toLocaleString()} / {plan.today.target.toLocaleString()}
          </span>
        ) : (
          <Typography.Text type="secondary">{t('notToday')}</Typography.Text>
        ),
    },
    {
      title: t('nextTier'),
      key: 'forecast',
      render: (_, plan) =>
        plan.forecast.next_tier && plan.forecast.next_tier_day ? (
          <Space orientation="vertical" size={0} data-testid="warmup-next-tier">
            <CodeLabel group="MessagingTier" code={plan.forecast.next_tier} />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {plan.forecast.next_tier_day}
            </Typography.Text>
          </Space>
        ) : (
          '-'
        ),
    },
    actionsColumn(t('actions'), actionsOf),
  ];

  return (
    <Card title={t('title')} data-testid="warmup-page">
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('intro')}
        </Typography.Paragraph>
        <FilterBar<PlanFilters> form={form} onSearch={setFilters}>
          <Form.Item name="search">
            <Input allowClear placeholder={t('search')} style={{ width: 200 }} data-testid="warmup-search" />
          </Form.Item>
          <FilterSelect
            name="status"
            placeholder={t('statusAll')}
            width={140}
            options={WARMUP_STATUSES.map((value) => ({ value, label: codeName('WarmupStatus', value) }))}
            data-testid="warmup-status-filter"
          />
        </FilterBar>
        <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => {
              setEditing(undefined);
              setFormOpen(true);
            }}
            data-testid="warmup-create"
          >
            {t('create')}
          </Button>
          <Button icon={<ReloadOutlined />} onClick={() => void list.refresh()} data-testid="warmup-refresh">
            {t('refresh')}
          </Button>
        </Space>
        <PagedTable<WarmupPlan> rowKey="id" columns={columns} list={list} data-testid="warmup-table" />
      </Space>
      <WarmupDetailsDrawer plan={current} onClose={() => setShown(undefined)} />
      <WarmupFormDrawer
        open={formOpen}
        editing={editing}
        onClose={() => setFormOpen(false)}
        onSaved={() => {
          setFormOpen(false);
          void list.refresh();
        }}
      />
    </Card>
  );
}
