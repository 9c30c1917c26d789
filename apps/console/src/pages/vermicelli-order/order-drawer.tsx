import { AimOutlined, ReloadOutlined, SyncOutlined, UndoOutlined } from '@ant-design/icons';
import { calls } from '@ws/contract';
import { callApi, showSuccess } from '@ws/web-kit/api';
import { useConfirm } from '@ws/web-kit/list';
import { formatDateTime } from '@ws/web-kit/utils';
import { Button, Card, Descriptions, Drawer, Skeleton, Space, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCodeName } from '../../components/codes/code-label.js';
import { AimDialog, type AimTarget } from './aim-dialog.js';
import { AimProgress, STATE_COLORS } from './aim-progress.js';
import { DetailList } from './detail-list.js';
import { useOrderProgress } from './order-calls.js';
import { ProgressChart } from './progress-chart.js';
import { RecordList } from './record-list.js';
import { ShareTable } from './share-table.js';

/** One order: its figures and actions, then its shares, progress per day, intake records and history. */
export function OrderDrawer({ orderId, onClose }: { orderId: string | undefined; onClose(): void }) {
  const { t } = useTranslation('orders');
  const codeName = useCodeName();
  const confirm = useConfirm();
  const progress = useOrderProgress(orderId);
  const [aiming, setAiming] = useState<AimTarget>();
  const shown = progress.data;
  const order = shown?.order;

  const resetAims = () =>
    order &&
    confirm(() => callApi(calls.orderResetAim, { body: { id: order.id }, notifySuccess: true }), {
      title: t('resetAim'),
      content: t('resetAimContent'),
      danger: false,
    });
  const resetOrder = () =>
    order &&
    confirm(() => callApi(calls.orderResetOrder, { body: { id: order.id }, notifySuccess: true }), {
      title: t('resetOrder'),
      content: t('resetOrderContent'),
    });
  const sync = async () => {
    if (!order) return;
    try {
      const result = await callApi(calls.orderSync, { body: { id: order.id } });
      showSuccess(t('synced', result));
      await progress.refetch();
    } catch {
      // The request wrapper has shown the failure.
    }
  };

  return (
    <Drawer
      open={orderId !== undefined}
      size={1080}
      title={order?.name}
      onClose={onClose}
      destroyOnHidden
      data-testid="order-drawer"
    >
      {!shown || !order ? (
        <Skeleton active />
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Descriptions column={3} size="small">
            <Descriptions.Item label={t('state')}>
              <Tag color={STATE_COLORS[order.state]}>{codeName('OrderState', order.state)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('progress')}>
              <AimProgress leads={order.leads} aim={order.total_aim} testId="drawer-leads" />
            </Descriptions.Item>
            <Descriptions.Item label={`${t('today')} (${order.today.day})`}>
              <AimProgress leads={order.today.leads} aim={order.daily_aim} testId="drawer-today" />
            </Descriptions.Item>
            <Descriptions.Item label={t('period')}>
              {formatDateTime(order.starts_at, { seconds: false })} –{' '}
              {formatDateTime(order.ends_at, { seconds: false })}
            </Descriptions.Item>
            <Descriptions.Item label={t('timeZone')}>{order.time_zone}</Descriptions.Item>
            <Descriptions.Item label={t('dailyAim')}>{order.daily_aim ?? t('noDailyAim')}</Descriptions.Item>
          </Descriptions>
          <Space wrap>
            <span data-testid="order-period">
              {t('countingPeriod', { period: order.period, since: formatDateTime(order.period_started_at) })}
            </span>
            <Button
              size="small"
              icon={<AimOutlined />}
              onClick={() => setAiming({ orderId: order.id, aim: order.total_aim, dailyAim: order.daily_aim })}
              data-testid="order-set-aim"
            >
              {t('setAim')}
            </Button>
            <Button size="small" icon={<ReloadOutlined />} onClick={resetAims} data-testid="order-reset-aim">
              {t('resetAim')}
            </Button>
            <Button size="small" icon={<UndoOutlined />} onClick={resetOrder} data-testid="order-reset-order">
              {t('resetOrder')}
            </Button>
            <Button size="small" icon={<SyncOutlined />} onClick={() => void sync()} data-testid="order-sync">
              {t('sync')}
            </Button>
          </Space>
          <Tabs
            items={[
              { key: 'shares', label: t('tabShares'), children: <ShareTable progress={shown} /> },
              {
                key: 'progress',
                label: t('tabProgress'),
                children: (
                  <Card size="small" title={t('leadsPerDay')}>
                    <ProgressChart progress={shown} />
                  </Card>
                ),
              },
              {
                key: 'details',
                label: t('tabDetails'),
                children: <DetailList orderId={order.id} shares={shown.shares} />,
              },
              { key: 'records', label: t('tabRecords'), children: <RecordList orderId={order.id} /> },
            ]}
            data-testid="order-tabs"
          />
        </Space>
      )}
      {aiming && <AimDialog target={aiming} onClose={() => setAiming(undefined)} />}
    </Drawer>
  );
}
