import type { OrderRecord } from '@ws/contract';
import { PagedTable } from '@ws/web-kit/list';
import { formatDateTime } from '@ws/web-kit/utils';
import type { TableColumnsType } from 'antd';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCodeName } from '../../components/codes/code-label.js';
import { useOrderRecords } from './order-calls.js';

/** A record's data in one line: `key: value`, nested values as JSON. */
const summaryOf = (data: Record<string, unknown>) =>
  Object.entries(data)
    .map(
      ([key, value]) =>
        `${key}: ${typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)}`,
    )
    .join(' · ');

/** The order's history of changes, newest first. */
export function RecordList({ orderId }: { orderId: string }) {
  const { t } = useTranslation('orders');
  const codeName = useCodeName();
  const list = useOrderRecords(orderId);
  const columns: TableColumnsType<OrderRecord> = [
    { title: t('at'), dataIndex: 'created_at', width: 180, render: (at: string) => formatDateTime(at) },
    {
      title: t('action'),
      dataIndex: 'action',
      width: 160,
      render: (action: OrderRecord['action']) => (
        <span data-testid="order-record-action" data-action={action}>
          {codeName('OrderRecordAction', action)}
        </span>
      ),
    },
    { title: t('by'), dataIndex: 'by_name', width: 120, render: (name: string | null) => name ?? t('system') },
    {
      title: t('changes'),
      dataIndex: 'data',
      render: (data: Record<string, unknown>) => (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {summaryOf(data)}
        </Typography.Text>
      ),
    },
  ];
  return <PagedTable<OrderRecord> rowKey="id" size="small" columns={columns} list={list} data-testid="order-records" />;
}
