import { DownloadOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { type CustomerRow, calls } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { actionsColumn, FilterBar, formatTime, PagedTable, usePagedList } from '@ws/web-kit/list';
import { App, Button, Card, Col, Form, Input, Row, Statistic, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeLabel } from '../../components/codes/code-label.js';
import { CustomerAddDialog } from './customer-add-dialog.js';
import { CustomerDetailsDialog } from './customer-details-dialog.js';
import { type CustomerAction, CustomerDialog } from './customer-dialogs.js';
import { CustomerExportsDialog } from './customer-exports.js';

interface Filters {
  username?: string;
  tenantId?: string;
}

/** `auth/data`: the platform's totals from the roll-ups. */
function PlatformTotals() {
  const { t } = useTranslation('customers');
  const totals = useQuery({
    queryKey: ['platform-totals'],
    queryFn: ({ signal }) => callApi(calls.platformTotals, { signal }),
  });
  const data = totals.data;
  const items = [
    ['customers', data?.customers],
    ['activeCustomers', data?.active_customers],
    ['expiredCustomers', data?.expired_customers],
    ['numbers', data?.numbers],
    ['contacts', data?.contacts],
    ['seats', data?.seats],
    ['messages', data?.messages],
    ['messagesToday', data?.messages_today],
  ] as const;
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }} data-testid="platform-totals">
      {items.map(([key, value]) => (
        <Col key={key} xs={12} md={6} xl={3}>
          <Statistic title={t(key)} value={value ?? '…'} />
        </Col>
      ))}
    </Row>
  );
}

/**
 * /terrace/user: the platform admin's customers (tenants with their owner), each with its plan,
 * expiry and state, and the actions of issue 20 in dialogs (decision 0027).
 */
export default function CustomersPage() {
  const { t } = useTranslation('customers');
  const { message } = App.useApp();
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const list = usePagedList(calls.customers, { filters });
  const [adding, setAdding] = useState(false);
  const [exports, setExports] = useState(false);
  const [open, setOpen] = useState<{ action: CustomerAction | 'details'; customer: CustomerRow }>();
  const close = () => setOpen(undefined);
  const saved = () => void list.refresh();

  const restart = async (customer: CustomerRow) => {
    const reply = await callApi(calls.restartJobs, { query: { tenantId: customer.tenant_id } });
    void message.success(t('restarted', { failed: reply.failed, stuck: reply.stuck }));
  };

  const columns: TableColumnsType<CustomerRow> = [
    { title: t('tenantId'), dataIndex: 'tenant_id' },
    {
      title: t('username'),
      dataIndex: 'username',
      render: (name: string) => <span data-testid="customer-name">{name}</span>,
    },
    { title: t('plan'), dataIndex: 'plan', render: (plan: string) => <CodeLabel group="Plan" code={plan} /> },
    {
      title: t('expiresAt'),
      key: 'expires',
      render: (_: unknown, row: CustomerRow) =>
        row.expires_at ? (
          <span>
            {formatTime(row.expires_at)} {row.expired && <Tag color="red">{t('expired')}</Tag>}
          </span>
        ) : (
          t('never')
        ),
    },
    {
      title: t('state'),
      dataIndex: 'state',
      render: (state: string) => (
        <Tag color={state === 'active' ? 'green' : 'red'}>
          <CodeLabel group="CustomerState" code={state} />
        </Tag>
      ),
    },
    { title: t('seats'), dataIndex: 'seat_count' },
    { title: t('createdAt'), dataIndex: 'created_at', render: formatTime },
    actionsColumn(t('actions'), (row: CustomerRow) => {
      const act = (action: CustomerAction | 'details') => () => setOpen({ action, customer: row });
      const active = row.state === 'active';
      return [
        { label: t('details'), onClick: act('details'), testId: 'customer-details-open' },
        ...(active
          ? [
              { label: t('limits'), onClick: act('limits'), testId: 'customer-limits' },
              { label: t('renew'), onClick: act('renew'), testId: 'customer-renew' },
              { label: t('credit'), onClick: act('credit'), testId: 'customer-credit' },
              { label: t('settings'), onClick: act('settings'), testId: 'customer-settings' },
              { label: t('resetPassword'), onClick: act('password'), testId: 'customer-reset-password' },
              { label: t('clearMessages'), onClick: act('clear'), testId: 'customer-clear' },
              { label: t('restart'), onClick: () => void restart(row), testId: 'customer-restart' },
              { label: t('delete'), onClick: act('delete'), danger: true, testId: 'customer-delete' },
            ]
          : []),
      ];
    }),
  ];

  return (
    <Card title={t('title')} data-testid="customers-page">
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <PlatformTotals />
      <FilterBar<Filters>
        form={form}
        onSearch={(values) =>
          setFilters({ username: values.username || undefined, tenantId: values.tenantId || undefined })
        }
        extra={
          <>
            <Button icon={<ReloadOutlined />} onClick={saved}>
              {t('refresh')}
            </Button>
            <Button icon={<DownloadOutlined />} onClick={() => setExports(true)} data-testid="customer-exports-open">
              {t('exportsTitle')}
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="customer-add">
              {t('add')}
            </Button>
          </>
        }
      >
        <Form.Item name="username">
          <Input allowClear placeholder={t('username')} style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="tenantId">
          <Input allowClear placeholder={t('tenantId')} style={{ width: 140 }} />
        </Form.Item>
      </FilterBar>
      <PagedTable<CustomerRow> rowKey="tenant_id" columns={columns} list={list} scroll={{ x: 'max-content' }} />
      {adding && <CustomerAddDialog onClose={() => setAdding(false)} onSaved={saved} />}
      {exports && <CustomerExportsDialog onClose={() => setExports(false)} />}
      {open?.action === 'details' && <CustomerDetailsDialog customer={open.customer} onClose={close} />}
      {open && open.action !== 'details' && (
        <CustomerDialog action={open.action} customer={open.customer} onClose={close} onSaved={saved} />
      )}
    </Card>
  );
}
