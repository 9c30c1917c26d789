import { DeleteOutlined, EyeOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { calls, type IntakeOrder, ORDER_STATES, type OrderState } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { actionsColumn, FilterBar, FilterSelect, PagedTable, type RowAction, useConfirm } from '@ws/web-kit/list';
import { formatDateTime } from '@ws/web-kit/utils';
import { Button, Card, Form, Input, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCodeName } from '../../components/codes/code-label.js';
import { AimProgress, STATE_COLORS } from './aim-progress.js';
import { useOrders } from './order-calls.js';
import { OrderDrawer } from './order-drawer.js';
import { OrderFormDialog } from './order-form.js';

interface OrderFilters {
  search?: string;
  state?: OrderState;
}

/**
 * /marketingTasks/vermicelliOrder: lead-intake orders. Each order's total aim is split into shares
 * (an agent's or a number's, each with a tracked link and QR code); the list and the drawer follow
 * the leads live (`order.progress`).
 */
export default function VermicelliOrderPage() {
  const { t } = useTranslation('orders');
  const codeName = useCodeName();
  const confirm = useConfirm();
  const [form] = Form.useForm<OrderFilters>();
  const [filters, setFilters] = useState<OrderFilters>({});
  const list = useOrders(filters);
  const [shownId, setShownId] = useState<string>();
  const [formOpen, setFormOpen] = useState(false);

  const remove = (order: IntakeOrder) =>
    confirm(
      async () => {
        await callApi(calls.orderDel, { body: { ids: [order.id] }, notifySuccess: true });
        setShownId(undefined);
        await list.refresh();
      },
      { content: t('deleteContent', { name: order.name }) },
    );
  const actionsOf = (order: IntakeOrder): RowAction[] => [
    { label: t('open'), icon: <EyeOutlined />, onClick: () => setShownId(order.id), testId: 'order-open' },
    {
      label: t('delete'),
      icon: <DeleteOutlined />,
      danger: true,
      onClick: () => remove(order),
      testId: 'order-delete',
    },
  ];

  const columns: TableColumnsType<IntakeOrder> = [
    {
      title: t('name'),
      dataIndex: 'name',
      render: (name: string, order) => (
        <Typography.Link onClick={() => setShownId(order.id)} data-testid="order-name-link">
          {name}
        </Typography.Link>
      ),
    },
    {
      title: t('state'),
      dataIndex: 'state',
      render: (state: OrderState) => (
        <Tag color={STATE_COLORS[state]} data-testid="order-state" data-state={state}>
          {codeName('OrderState', state)}
        </Tag>
      ),
    },
    {
      title: t('period'),
      key: 'period',
      render: (_, order) => (
        <Space orientation="vertical" size={0}>
          <span>{formatDateTime(order.starts_at)}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {formatDateTime(order.ends_at)} · {order.time_zone}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('progress'),
      key: 'progress',
      render: (_, order) => <AimProgress leads={order.leads} aim={order.total_aim} testId="order-leads" />,
    },
    {
      title: t('today'),
      key: 'today',
      render: (_, order) => <AimProgress leads={order.today.leads} aim={order.daily_aim} testId="order-today" />,
    },
    { title: t('shares'), dataIndex: 'shares' },
    actionsColumn(t('actions'), actionsOf),
  ];

  return (
    <Card title={t('title')} data-testid="orders-page">
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('intro')}
        </Typography.Paragraph>
        <FilterBar<OrderFilters> form={form} onSearch={setFilters}>
          <Form.Item name="search">
            <Input allowClear placeholder={t('search')} style={{ width: 200 }} data-testid="order-search" />
          </Form.Item>
          <FilterSelect
            name="state"
            placeholder={t('stateAll')}
            width={140}
            options={ORDER_STATES.map((value) => ({ value, label: codeName('OrderState', value) }))}
            data-testid="order-state-filter"
          />
        </FilterBar>
        <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setFormOpen(true)} data-testid="order-create">
            {t('create')}
          </Button>
          <Button icon={<ReloadOutlined />} onClick={() => void list.refresh()} data-testid="order-refresh">
            {t('refresh')}
          </Button>
        </Space>
        <PagedTable<IntakeOrder> rowKey="id" columns={columns} list={list} data-testid="order-table" />
      </Space>
      <OrderDrawer orderId={shownId} onClose={() => setShownId(undefined)} />
      {formOpen && (
        <OrderFormDialog
          onClose={() => setFormOpen(false)}
          onSaved={(order) => {
            void list.refresh();
            setShownId(order.id);
          }}
        />
      )}
    </Card>
  );
}
