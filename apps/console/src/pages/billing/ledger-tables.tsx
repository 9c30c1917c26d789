import { calls, type LedgerRecord, type PortPurchase, type UsageRecord } from '@ws/contract';
import { formatTime, PagedTable, usePagedList } from '@ws/web-kit/list';
import { formatDate } from '@ws/web-kit/utils';
import { Card, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCodeName } from '../../components/codes/code-label.js';
import { usePlatformAdmin } from './customer-filter.js';
import type { DayRange } from './ledger-filters.js';
import { amountOf, usd } from './money.js';

type PostingCall = typeof calls.flowCharge | typeof calls.transCharge | typeof calls.chargeList;
type UsageCall = typeof calls.flowUse | typeof calls.transUse | typeof calls.pullUse;

/** The customer of each row, for the platform admin who reads across customers. */
function useTenantColumn<R extends { tenant_id: string }>(): TableColumnsType<R> {
  const { t } = useTranslation('billing');
  return usePlatformAdmin() ? [{ title: t('tenantId'), dataIndex: 'tenant_id' }] : [];
}

/** Postings (top-ups, charges) of a day range, newest first. */
export function PostingTable({ call, range, title }: { call: PostingCall; range: DayRange; title: string }) {
  const { t } = useTranslation('billing');
  const codeName = useCodeName();
  const list = usePagedList(call, { filters: range });
  const columns: TableColumnsType<LedgerRecord> = [
    ...useTenantColumn<LedgerRecord>(),
    { title: t('time'), dataIndex: 'created_at', render: formatTime },
    { title: t('kind'), dataIndex: 'kind', render: (kind: string) => codeName('LedgerKind', kind) },
    {
      title: t('amount'),
      dataIndex: 'amount',
      align: 'right',
      render: (amount: number, row) => `${amountOf(row.unit, amount)} ${codeName('LedgerUnit', row.unit)}`,
    },
    { title: t('quantity'), dataIndex: 'quantity', align: 'right' },
    { title: t('memo'), dataIndex: 'memo', ellipsis: true },
  ];
  return (
    <Card title={title} style={{ marginBottom: 16 }}>
      <PagedTable<LedgerRecord>
        rowKey="id"
        size="small"
        list={list}
        columns={columns}
        data-testid={`${call.id}-table`}
      />
    </Card>
  );
}

/** Usage per day, kind, category, country and number (the daily roll-up). */
export function UsageTable({ call, range }: { call: UsageCall; range: DayRange }) {
  const { t } = useTranslation('billing');
  const codeName = useCodeName();
  const list = usePagedList(call, { filters: range });
  const unit = call === calls.flowUse ? 'usd_micros' : 'count';
  const columns: TableColumnsType<UsageRecord> = [
    ...useTenantColumn<UsageRecord>(),
    { title: t('day'), dataIndex: 'day', render: (day: string) => formatDate(day) },
    { title: t('kind'), dataIndex: 'kind', render: (kind: string) => codeName('LedgerKind', kind) },
    { title: t('category'), dataIndex: 'category' },
    { title: t('country'), dataIndex: 'country' },
    { title: t('number'), dataIndex: 'number_id' },
    { title: t('quantity'), dataIndex: 'quantity', align: 'right' },
    { title: t('amount'), dataIndex: 'amount', align: 'right', render: (amount: number) => amountOf(unit, amount) },
  ];
  return (
    <Card title={t('usage')} style={{ marginBottom: 16 }}>
      <PagedTable<UsageRecord>
        rowKey={(row) => `${row.tenant_id}-${row.day}-${row.kind}-${row.category}-${row.country}-${row.number_id}`}
        size="small"
        list={list}
        columns={columns}
        data-testid={`${call.id}-table`}
      />
    </Card>
  );
}

/** Number and seat slots bought (with their customer on the platform admin's port records). */
export function PortTable({ range }: { range: DayRange }) {
  const { t } = useTranslation('billing');
  const codeName = useCodeName();
  const list = usePagedList(calls.allPay, { filters: range });
  const columns: TableColumnsType<PortPurchase> = [
    ...useTenantColumn<PortPurchase>(),
    { title: t('time'), dataIndex: 'created_at', render: formatTime },
    { title: t('kind'), dataIndex: 'kind', render: (kind: string) => codeName('PortKind', kind) },
    { title: t('slots'), dataIndex: 'slots', align: 'right' },
    { title: t('days'), dataIndex: 'days', align: 'right' },
    { title: t('amount'), dataIndex: 'amount', align: 'right', render: (amount: number) => usd(amount) },
    { title: t('memo'), dataIndex: 'remark', ellipsis: true },
  ];
  return (
    <Card title={t('portPurchases')} style={{ marginBottom: 16 }}>
      <PagedTable<PortPurchase> rowKey="id" size="small" list={list} columns={columns} data-testid="allpay-table" />
    </Card>
  );
}
