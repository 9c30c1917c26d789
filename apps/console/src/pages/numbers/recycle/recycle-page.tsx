import { DeleteOutlined, ReloadOutlined, RollbackOutlined } from '@ant-design/icons';
import { calls, MAX_PURGED_NUMBERS, type RecycledNumber } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import {
  actionsColumn,
  BatchActions,
  FilterBar,
  formatTime,
  PagedTable,
  useConfirm,
  usePagedList,
  useRowSelection,
  userName,
} from '@ws/web-kit/list';
import { Button, Card, Form, Input, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chunksOf } from '../../../utils/chunks.js';
import { QualityTag } from '../wslist/number-columns.js';

/**
 * /accountmanage/recycle: numbers deleted in the last 30 days. Restoring puts them back in the
 * list (their queued messages go out again); purging deletes them for good after a warning.
 */
export default function RecycleBinPage() {
  const { t } = useTranslation('numbers');
  const [form] = Form.useForm<{ phone?: string }>();
  const [phone, setPhone] = useState<string>();
  const list = usePagedList(calls.numberRecycleList, { filters: phone ? { phone } : {} });
  const selection = useRowSelection();
  const confirm = useConfirm();

  const restore = async (ids: string[]) => {
    try {
      await callApi(calls.numberRestore, { body: { ids }, notifySuccess: true });
      selection.drop(ids);
    } catch {
      // The request wrapper showed why (e.g. a live number has the same phone-number id).
    }
    await list.refresh();
  };
  const purge = (ids: string[]) =>
    confirm(
      async () => {
        // A large selection goes in several calls of the server's limit.
        const chunks = chunksOf(ids, MAX_PURGED_NUMBERS);
        for (const [index, chunk] of chunks.entries()) {
          await callApi(calls.numberPurge, { body: { ids: chunk }, notifySuccess: index === chunks.length - 1 });
        }
        selection.drop(ids);
        await list.refresh();
      },
      { title: t('purgeTitle'), content: t('purgeContent'), danger: true, okText: t('purge') },
    );

  const columns: TableColumnsType<RecycledNumber> = [
    {
      title: t('phone'),
      dataIndex: 'phone',
      render: (value: string) => <span data-testid="recycle-phone">{value}</span>,
    },
    { title: t('verifiedName'), dataIndex: 'verified_name' },
    { title: t('status'), dataIndex: 'status' },
    { title: t('quality'), dataIndex: 'quality_rating', render: (quality) => <QualityTag quality={quality} /> },
    { title: t('deletedAt'), dataIndex: 'deleted_at', render: formatTime },
    {
      title: t('deletedBy'),
      dataIndex: 'deleted_by',
      render: userName,
    },
    { title: t('purgeAt'), dataIndex: 'purge_at', render: formatTime },
    actionsColumn(t('actions'), (number: RecycledNumber) => [
      { label: t('restore'), onClick: () => void restore([number.id]), testId: 'recycle-restore' },
      { label: t('purge'), danger: true, onClick: () => purge([number.id]), testId: 'recycle-purge' },
    ]),
  ];

  return (
    <Card title={t('recycleTitle')} data-testid="recycle-page">
      <FilterBar<{ phone?: string }>
        form={form}
        onSearch={(values) => setPhone(values.phone)}
        extra={
          <Button icon={<ReloadOutlined />} onClick={() => void list.refresh()} data-testid="recycle-refresh">
            {t('refresh')}
          </Button>
        }
      >
        <Form.Item name="phone">
          <Input allowClear placeholder={t('phoneFilter')} style={{ width: 200 }} data-testid="recycle-phone-filter" />
        </Form.Item>
      </FilterBar>
      <div style={{ marginBottom: 16 }}>
        <BatchActions
          selection={selection}
          actions={[
            {
              key: 'restore',
              label: t('restoreSelected'),
              icon: <RollbackOutlined />,
              run: (ids) => void restore(ids),
            },
            { key: 'purge', label: t('purgeSelected'), icon: <DeleteOutlined />, danger: true, run: purge },
          ]}
        />
      </div>
      <PagedTable<RecycledNumber> rowKey="id" columns={columns} list={list} selection={selection} />
    </Card>
  );
}
