import { SyncOutlined } from '@ant-design/icons';
import { calls, type RegistrationNumber, RegistrationStage } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import {
  actionsColumn,
  FilterBar,
  FilterSelect,
  formatTime,
  PagedTable,
  useConfirm,
  usePagedList,
} from '@ws/web-kit/list';
import { Button, Form, Input, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeLabel, useCodeName } from '../../components/codes/code-label.js';
import { NUMBER_STATUS_COLORS } from '../numbers/wslist/number-columns.js';
import { useRefreshNumbers } from './registration-queries.js';

interface Filters {
  stage?: RegistrationStage;
  phone?: string;
}

/**
 * The tenant's numbers with their registration state: one not registered can be taken up in the
 * flow above, a registered one deregistered after a confirmation.
 */
export function RegistrationTable({ onResume }: { onResume(number: RegistrationNumber): void }) {
  const { t } = useTranslation('registration');
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const list = usePagedList(calls.registrationNumbers, { filters });
  const refreshNumbers = useRefreshNumbers();
  const confirm = useConfirm();
  const codeName = useCodeName();

  const deregister = (number: RegistrationNumber) =>
    confirm(
      async () => {
        await callApi(calls.deregisterNumber, { body: { numberId: number.id }, notifySuccess: true });
        await refreshNumbers();
      },
      {
        title: t('deregisterTitle', { phone: number.display_phone }),
        content: t('deregisterContent'),
        danger: true,
        okText: t('deregister'),
      },
    );

  const columns: TableColumnsType<RegistrationNumber> = [
    {
      title: t('phone'),
      dataIndex: 'display_phone',
      render: (phone: string, number) => (
        <Space size={4}>
          <span data-testid="registration-row-phone">{phone}</span>
          {number.country && <Typography.Text type="secondary">{number.country}</Typography.Text>}
        </Space>
      ),
    },
    { title: t('verifiedName'), dataIndex: 'verified_name' },
    { title: t('phoneNumberId'), dataIndex: 'phone_number_id' },
    { title: t('wabaId'), dataIndex: 'waba_id' },
    {
      title: t('status'),
      dataIndex: 'status',
      render: (status: string) => (
        <Tag
          color={NUMBER_STATUS_COLORS[status] ?? 'default'}
          data-testid="registration-row-status"
          data-status={status}
        >
          <CodeLabel group="MetaNumberStatus" code={status} />
        </Tag>
      ),
    },
    {
      title: t('codeVerification'),
      dataIndex: 'code_verification_status',
      render: (value: string | null) => (value ? <CodeLabel group="CodeVerificationStatus" code={value} /> : '-'),
    },
    { title: t('updatedAt'), dataIndex: 'updated_at', render: formatTime },
    actionsColumn(t('actions'), (number: RegistrationNumber) => [
      number.stage === 'registered'
        ? { label: t('deregister'), danger: true, onClick: () => deregister(number), testId: 'registration-deregister' }
        : { label: t('resume'), onClick: () => onResume(number), testId: 'registration-resume' },
    ]),
  ];

  return (
    <div data-testid="registration-table">
      <FilterBar<Filters>
        form={form}
        onSearch={setFilters}
        extra={
          <Button icon={<SyncOutlined />} onClick={() => void list.refresh()} data-testid="registration-refresh">
            {t('refresh')}
          </Button>
        }
      >
        <FilterSelect<RegistrationStage>
          name="stage"
          placeholder={t('stageAll')}
          width={140}
          options={RegistrationStage.options.map((stage) => ({
            value: stage,
            label: codeName('RegistrationStage', stage),
          }))}
          data-testid="registration-stage-filter"
        />
        <Form.Item name="phone" rules={[{ pattern: /^[\d\s()+-]*$/, message: t('metaIdInvalid') }]}>
          <Input
            allowClear
            placeholder={t('phoneFilter')}
            style={{ width: 200 }}
            data-testid="registration-phone-filter"
          />
        </Form.Item>
      </FilterBar>
      <PagedTable<RegistrationNumber> rowKey="id" columns={columns} list={list} />
    </div>
  );
}
