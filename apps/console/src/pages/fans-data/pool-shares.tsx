import { WarningOutlined } from '@ant-design/icons';
import type { Pool, Share } from '@ws/contract';
import { Alert, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCodeName } from '../../components/codes/code-label.js';

/** A pool's numbers that hold more than one day's capacity. */
export const overCapacity = (pool: Pool) => pool.shares.filter((share) => share.over_capacity);

/**
 * A pool's shares per number and per agent: the share asked, the contacts held, and for numbers
 * their daily capacity and the days they need to reach what they hold, with a warning when that is
 * more than one day.
 */
export function PoolShares({ pool }: { pool: Pool }) {
  const { t } = useTranslation('allocation');
  const codeName = useCodeName();
  const over = overCapacity(pool);
  const columns: TableColumnsType<Share> = [
    { title: t('target'), dataIndex: 'target', render: (target: Share['target']) => codeName('ShareTarget', target) },
    {
      title: t('targetName'),
      dataIndex: 'label',
      render: (label: string) => <span data-testid="share-name">{label}</span>,
    },
    {
      title: t('share'),
      key: 'share',
      render: (_, share) => `${share.amount.toLocaleString()} (${codeName('ShareMode', share.mode)})`,
    },
    {
      title: t('allocated'),
      dataIndex: 'allocated',
      align: 'right',
      render: (allocated: number) => <span data-testid="share-allocated">{allocated.toLocaleString()}</span>,
    },
    {
      title: t('dailyCapacity'),
      dataIndex: 'daily_capacity',
      align: 'right',
      render: (capacity: number | null, share) => {
        if (share.target === 'agent') return '-';
        const shown = capacity === null ? t('unlimited') : capacity.toLocaleString();
        if (share.capacity_shared_by < 2) return shown;
        // The portfolio's limit is shared: say by how many of the pool's numbers.
        return (
          <Space size={4} data-testid="share-capacity-shared">
            {shown}
            <Typography.Text type="secondary">
              {t('capacitySharedBy', { count: share.capacity_shared_by })}
            </Typography.Text>
          </Space>
        );
      },
    },
    {
      title: t('daysToReach'),
      dataIndex: 'days_to_reach',
      align: 'right',
      render: (days: number | null, share) =>
        share.over_capacity ? (
          <Tag color="warning" icon={<WarningOutlined />} data-testid="share-over-capacity">
            {t('days', { count: days ?? 0 })}
          </Tag>
        ) : days === null ? (
          '-'
        ) : (
          t('days', { count: days })
        ),
    },
  ];
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="pool-shares">
      {over.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={t('overCapacity', { count: over.length, numbers: over.map((share) => share.label).join(', ') })}
          data-testid="pool-over-capacity"
        />
      )}
      {pool.shares.length === 0 ? (
        <Typography.Text type="secondary">{t('noShares')}</Typography.Text>
      ) : (
        <Table<Share>
          size="small"
          rowKey={(share) => `${share.target}:${share.target_id}`}
          columns={columns}
          dataSource={pool.shares}
          pagination={false}
        />
      )}
    </Space>
  );
}
