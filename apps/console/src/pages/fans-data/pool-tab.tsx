import {
  DeleteOutlined,
  DownloadOutlined,
  PlusOutlined,
  SlidersOutlined,
  VerticalAlignTopOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { calls, type Pool } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { actionsColumn, formatTime, PagedTable, useConfirm, useDownload } from '@ws/web-kit/list';
import { Button, Space, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCodeName } from '../../components/codes/code-label.js';
import { usePools } from './pool-calls.js';
import { NewPoolDialog, SupplyDialog } from './pool-dialogs.js';
import { overCapacity, PoolShares } from './pool-shares.js';
import { SharesEditor } from './shares-editor.js';
import { TabToolbar } from './tab-toolbar.js';

type Dialog = { kind: 'add' } | { kind: 'shares' | 'supply'; pool: Pool } | undefined;

/** "12,345 (61%)": a part of the pool's total. */
const partOf = (part: number, total: number) =>
  `${part.toLocaleString()}${total > 0 ? ` (${Math.round((part / total) * 100)}%)` : ''}`;

/**
 * The allocation tab: pools of contacts (an audience list's or a tag's) shared out to numbers and
 * agents, with totals, each pool's shares on expanding its row, and the shares editor, supply,
 * download and delete. Kept live by `pool.progress` events while an allocation runs.
 */
export function PoolTab() {
  const { t } = useTranslation('allocation');
  const codeName = useCodeName();
  const confirm = useConfirm();
  const download = useDownload();
  const [search, setSearch] = useState('');
  const pools = usePools({ filters: { search: search || null } });
  const [dialog, setDialog] = useState<Dialog>();
  const close = () => setDialog(undefined);
  const refresh = () => void pools.refresh();

  const remove = (pool: Pool) =>
    confirm(
      async () => {
        await callApi(calls.poolDelete, { body: { ids: [pool.id] }, notifySuccess: true });
        await pools.refresh();
      },
      { content: t('deleteContent', { name: pool.name }) },
    );

  const columns: TableColumnsType<Pool> = [
    {
      title: t('name'),
      dataIndex: 'name',
      render: (name: string, pool) => (
        <Space size={4}>
          <span data-testid="pool-name-cell">{name}</span>
          {overCapacity(pool).length > 0 && (
            <Tooltip title={t('overCapacityShort')}>
              <WarningOutlined style={{ color: 'var(--ant-color-warning)' }} data-testid="pool-warning" />
            </Tooltip>
          )}
        </Space>
      ),
    },
    {
      title: t('source'),
      key: 'source',
      render: (_, pool) => (
        <Space size={4}>
          <Tag>{pool.source.kind === 'list' ? t('sourceList') : t('sourceTag')}</Tag>
          {pool.source.name}
        </Space>
      ),
    },
    {
      title: t('status'),
      dataIndex: 'status',
      render: (status: Pool['status'], pool) => {
        const tag = (
          <Tag
            color={status === 'allocating' ? 'processing' : status === 'failed' ? 'error' : 'default'}
            data-testid="pool-status"
          >
            {codeName('PoolStatus', status)}
          </Tag>
        );
        return pool.error ? <Tooltip title={pool.error}>{tag}</Tooltip> : tag;
      },
    },
    {
      title: t('total'),
      dataIndex: 'total',
      align: 'right',
      render: (total: number) => <span data-testid="pool-total">{total.toLocaleString()}</span>,
    },
    {
      title: t('withNumber'),
      dataIndex: 'with_number',
      align: 'right',
      render: (part: number, pool) => <span data-testid="pool-with-number">{partOf(part, pool.total)}</span>,
    },
    {
      title: t('withAgent'),
      dataIndex: 'with_agent',
      align: 'right',
      render: (part: number, pool) => <span data-testid="pool-with-agent">{partOf(part, pool.total)}</span>,
    },
    { title: t('countedAt'), dataIndex: 'counted_at', render: formatTime },
    { title: t('createdAt'), dataIndex: 'created_at', render: formatTime },
    actionsColumn(t('actions'), (pool: Pool) => [
      {
        label: t('editShares'),
        icon: <SlidersOutlined />,
        onClick: () => setDialog({ kind: 'shares', pool }),
        testId: 'pool-shares-edit',
      },
      {
        label: t('supply'),
        icon: <VerticalAlignTopOutlined />,
        onClick: () => setDialog({ kind: 'supply', pool }),
        testId: 'pool-supply',
      },
      {
        label: t('download'),
        icon: <DownloadOutlined />,
        onClick: () => void download(calls.poolDownload, { body: { id: pool.id } }, `pool-${pool.id}.csv`),
        testId: 'pool-download',
      },
      {
        label: t('delete'),
        icon: <DeleteOutlined />,
        danger: true,
        onClick: () => remove(pool),
        testId: 'pool-delete',
      },
    ]),
  ];

  return (
    <div data-testid="pool-tab">
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <TabToolbar
        searchPlaceholder={t('search')}
        refreshText={t('refresh')}
        onSearch={setSearch}
        onRefresh={refresh}
        testPrefix="pool"
      >
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setDialog({ kind: 'add' })}
          data-testid="pool-add"
        >
          {t('add')}
        </Button>
      </TabToolbar>
      <PagedTable<Pool>
        rowKey="id"
        columns={columns}
        list={pools}
        expandable={{ expandedRowRender: (pool) => <PoolShares pool={pool} /> }}
        data-testid="pools"
      />
      {dialog?.kind === 'add' && <NewPoolDialog onClose={close} onSaved={refresh} />}
      {dialog?.kind === 'shares' && <SharesEditor pool={dialog.pool} onClose={close} onSaved={refresh} />}
      {dialog?.kind === 'supply' && <SupplyDialog pool={dialog.pool} onClose={close} onSaved={refresh} />}
    </div>
  );
}
