import { useQuery } from '@tanstack/react-query';
import { type CustomerRow, calls } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { formatTime } from '@ws/web-kit/list';
import { Descriptions, Modal, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { CodeLabel } from '../../components/codes/code-label.js';
import { usd } from '../billing/money.js';
import { ExportFiles } from './customer-exports.js';

/** `auth/getcustomer`: one customer's settings and its usage from the roll-ups. */
export function CustomerDetailsDialog({ customer, onClose }: { customer: CustomerRow; onClose(): void }) {
  const { t } = useTranslation('customers');
  const details = useQuery({
    queryKey: ['customer', customer.tenant_id],
    queryFn: ({ signal }) => callApi(calls.getCustomer, { query: { tenantId: customer.tenant_id }, signal }),
  });
  const exports = useQuery({
    queryKey: [calls.customerExports.id, customer.tenant_id],
    queryFn: ({ signal }) => callApi(calls.customerExports, { query: { tenantId: customer.tenant_id }, signal }),
  });
  const data = details.data;
  const onOff = (value: boolean) => (value ? t('on') : t('off'));
  return (
    <Modal open title={t('detailsTitle', { name: customer.username })} footer={null} onCancel={onClose} width={640}>
      {!data ? (
        <Spin />
      ) : (
        <Descriptions column={2} size="small" bordered data-testid="customer-details">
          <Descriptions.Item label={t('tenantId')}>{data.tenant_id}</Descriptions.Item>
          <Descriptions.Item label={t('state')}>
            <CodeLabel group="CustomerState" code={data.state} />
          </Descriptions.Item>
          <Descriptions.Item label={t('plan')}>
            <CodeLabel group="Plan" code={data.plan} data-testid="customer-details-plan" />
          </Descriptions.Item>
          <Descriptions.Item label={t('expiresAt')}>
            {data.expires_at ? formatTime(data.expires_at) : t('never')}
            {data.expired ? ` (${t('expired')})` : ''}
          </Descriptions.Item>
          <Descriptions.Item label={t('contactLimit')}>{data.contact_limit ?? t('unlimited')}</Descriptions.Item>
          <Descriptions.Item label={t('mass')}>{data.mass ? t('massOn') : t('massOff')}</Descriptions.Item>
          <Descriptions.Item label={t('forceTranslate')}>{onOff(data.force_translate)}</Descriptions.Item>
          <Descriptions.Item label={t('readReceipts')}>{onOff(data.read_receipts)}</Descriptions.Item>
          {data.delete_after && (
            <Descriptions.Item label={t('deleteAfter')}>{formatTime(data.delete_after)}</Descriptions.Item>
          )}
          {data.export_path && <Descriptions.Item label={t('exportPath')}>{data.export_path}</Descriptions.Item>}
          <Descriptions.Item label={t('balance')}>
            <span data-testid="customer-details-balance">{usd(data.wallet.balance)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('available')}>{usd(data.wallet.available)}</Descriptions.Item>
          <Descriptions.Item label={t('usage')} span={2}>
            {t('numbers')} {data.usage.numbers} · {t('contacts')} {data.usage.contacts} · {t('seats')}{' '}
            {data.usage.seats} · {t('messages')} {data.usage.messages} · {t('messages30d')} {data.usage.messages_30d}
          </Descriptions.Item>
          {exports.data && exports.data.length > 0 && (
            <Descriptions.Item label={t('exports')} span={2}>
              <ExportFiles tenantId={data.tenant_id} exports={exports.data} />
            </Descriptions.Item>
          )}
        </Descriptions>
      )}
    </Modal>
  );
}
