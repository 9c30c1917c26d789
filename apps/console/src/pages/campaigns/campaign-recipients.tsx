import { type CampaignDetails, PAGE_SIZES, RECIPIENT_STATES, type Recipient } from '@ws/contract';
import { FilterBar, FilterSelect, formatTime } from '@ws/web-kit/list';
import { Form, Input, Select, Table, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCodeName } from '../../components/codes/code-label.js';
import type { RecipientFilters } from './campaign-calls.js';
import { STATE_COLORS } from './campaign-status.js';

/** A campaign's recipients page by page, filtered by state, sender number or phone digits. */
export function CampaignRecipients({
  details,
  loading,
  page,
  pageSize,
  onTurn,
  onFilter,
}: {
  details: CampaignDetails;
  loading: boolean;
  page: number;
  pageSize: number;
  onTurn(page: number, pageSize: number): void;
  onFilter(filters: RecipientFilters): void;
}) {
  const { t } = useTranslation('campaigns');
  const { t: tList } = useTranslation('list');
  const codeName = useCodeName();
  const [form] = Form.useForm<RecipientFilters>();
  const { recipients } = details;
  return (
    <>
      <FilterBar<RecipientFilters> form={form} onSearch={onFilter}>
        <FilterSelect
          name="state"
          placeholder={t('stateAll')}
          width={140}
          options={RECIPIENT_STATES.map((value) => ({ value, label: codeName('RecipientState', value) }))}
          data-testid="recipient-state-filter"
        />
        <Form.Item name="numberId">
          <Select
            allowClear
            placeholder={t('numberAll')}
            style={{ width: 200 }}
            options={details.campaign.numbers.map((number) => ({ value: number.id, label: number.phone }))}
            data-testid="recipient-number-filter"
          />
        </Form.Item>
        <Form.Item name="search">
          <Input allowClear placeholder={t('phoneSearch')} style={{ width: 170 }} data-testid="recipient-search" />
        </Form.Item>
      </FilterBar>
      <Table<Recipient>
        rowKey={(recipient) => `${recipient.contact_id}-${recipient.run_no}`}
        size="small"
        scroll={{ x: 'max-content' }}
        dataSource={recipients.records}
        loading={loading}
        data-testid="recipient-table"
        pagination={{
          current: page,
          pageSize,
          total: recipients.total,
          pageSizeOptions: PAGE_SIZES.map(String),
          showSizeChanger: true,
          showTotal: (total) =>
            recipients.total_capped ? tList('totalAtLeast', { count: total }) : tList('total', { count: total }),
          onChange: onTurn,
        }}
        columns={[
          { title: t('phone'), dataIndex: 'wa_id' },
          { title: t('contactName'), dataIndex: 'name' },
          {
            title: t('number'),
            dataIndex: 'number_phone',
            render: (phone: string) => <span data-testid="recipient-number">{phone}</span>,
          },
          {
            title: t('state'),
            key: 'state',
            render: (_, recipient) => {
              const tag = (
                <Tag color={STATE_COLORS[recipient.state]} data-testid="recipient-state" data-state={recipient.state}>
                  {codeName('RecipientState', recipient.state)}
                </Tag>
              );
              return recipient.error_code || recipient.error_title ? (
                <Tooltip title={`${recipient.error_code ?? ''} ${recipient.error_title ?? ''}`.trim()}>{tag}</Tooltip>
              ) : (
                tag
              );
            },
          },
          ...(details.campaign.split
            ? [
                {
                  title: t('variantColumn'),
                  key: 'variant',
                  render: (_: unknown, recipient: Recipient) =>
                    recipient.variant ? codeName('SplitVariant', recipient.variant) : '-',
                },
              ]
            : []),
          { title: t('runLabel'), dataIndex: 'run_no' },
          { title: t('updatedAt'), dataIndex: 'updated_at', render: formatTime },
        ]}
      />
    </>
  );
}
