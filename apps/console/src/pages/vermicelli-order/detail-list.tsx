import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { calls, DETAIL_SOURCES, type DetailSource, type IntakeDetail, type IntakeShare } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { actionsColumn, FilterBar, FilterSelect, PagedTable, useConfirm } from '@ws/web-kit/list';
import { datePickerFormat, formatDateTime, toDateParam } from '@ws/web-kit/utils';
import { Button, DatePicker, Form, Input, Space, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCodeName } from '../../components/codes/code-label.js';
import { DetailDialog } from './detail-dialog.js';
import { useOrderDetails } from './order-calls.js';

interface DetailFilters {
  shareId?: string;
  source?: DetailSource;
  days?: [Dayjs, Dayjs] | null;
  search?: string;
}

/** The order's intake records of its current period, filtered; enter one by hand, remove a wrong one. */
export function DetailList({ orderId, shares }: { orderId: string; shares: IntakeShare[] }) {
  const { t } = useTranslation('orders');
  const codeName = useCodeName();
  const confirm = useConfirm();
  const [form] = Form.useForm<DetailFilters>();
  const [filters, setFilters] = useState<DetailFilters>({});
  const [adding, setAdding] = useState(false);
  const list = useOrderDetails(orderId, {
    shareId: filters.shareId,
    source: filters.source,
    search: filters.search,
    ...(filters.days ? { fromDay: toDateParam(filters.days[0]), toDay: toDateParam(filters.days[1]) } : {}),
  });
  const shareName = (id: string) => {
    const share = shares.find((entry) => entry.id === id);
    return share ? `${share.owner_name} #${share.id}` : `#${id}`;
  };
  const remove = (detail: IntakeDetail) =>
    confirm(() => callApi(calls.orderDelDetail, { body: { ids: [detail.id] }, notifySuccess: true }), {
      content: t('removeDetailContent'),
    });

  const columns: TableColumnsType<IntakeDetail> = [
    {
      title: t('contact'),
      key: 'contact',
      render: (_, detail) => (
        <span data-testid="detail-contact-name">
          {detail.contact_name || detail.contact_wa_id} ({detail.contact_wa_id})
        </span>
      ),
    },
    { title: t('share'), dataIndex: 'share_id', render: shareName },
    {
      title: t('source'),
      dataIndex: 'source',
      render: (source: DetailSource) => (
        <span data-testid="detail-source" data-source={source}>
          {codeName('DetailSource', source)}
        </span>
      ),
    },
    { title: t('at'), dataIndex: 'at', render: (at: string) => formatDateTime(at) },
    { title: t('day'), dataIndex: 'day' },
    { title: t('note'), dataIndex: 'note' },
    actionsColumn(t('actions'), (detail) => [
      {
        label: t('removeDetail'),
        icon: <DeleteOutlined />,
        danger: true,
        onClick: () => remove(detail),
        testId: 'detail-remove',
      },
    ]),
  ];

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <FilterBar<DetailFilters> form={form} onSearch={setFilters}>
        <FilterSelect
          name="shareId"
          placeholder={t('shareAll')}
          width={180}
          options={shares.map((share) => ({ value: share.id, label: shareName(share.id) }))}
          data-testid="detail-share-filter"
        />
        <FilterSelect
          name="source"
          placeholder={t('sourceAll')}
          width={140}
          options={DETAIL_SOURCES.map((value) => ({ value, label: codeName('DetailSource', value) }))}
          data-testid="detail-source-filter"
        />
        <Form.Item name="days">
          <DatePicker.RangePicker format={datePickerFormat()} placeholder={[t('fromDay'), t('toDay')]} />
        </Form.Item>
        <Form.Item name="search">
          <Input allowClear placeholder={t('contactSearch')} style={{ width: 220 }} data-testid="detail-search" />
        </Form.Item>
      </FilterBar>
      <Button icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="detail-add">
        {t('addDetail')}
      </Button>
      <PagedTable<IntakeDetail> rowKey="id" size="small" columns={columns} list={list} data-testid="detail-table" />
      <DetailDialog shares={shares} open={adding} onClose={() => setAdding(false)} />
    </Space>
  );
}
