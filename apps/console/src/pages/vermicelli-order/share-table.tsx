import { AimOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { calls, type IntakeShare, type OrderProgress } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { actionsColumn, type RowAction, useConfirm } from '@ws/web-kit/list';
import { formatDateTime } from '@ws/web-kit/utils';
import { Button, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCodeName } from '../../components/codes/code-label.js';
import { AimDialog, type AimTarget } from './aim-dialog.js';
import { AimProgress } from './aim-progress.js';
import { ShareDialog } from './share-dialog.js';
import { ShareQr } from './share-qr.js';

/** The link's full address, on the console's own origin. */
export const linkUrlOf = (share: IntakeShare) => (share.link ? `${window.location.origin}${share.link.path}` : '');

/** The order's shares: owner, aims and progress, window, link and QR code; add, re-aim, remove. */
export function ShareTable({ progress }: { progress: OrderProgress }) {
  const { t } = useTranslation('orders');
  const codeName = useCodeName();
  const confirm = useConfirm();
  const [adding, setAdding] = useState(false);
  const [aiming, setAiming] = useState<AimTarget>();
  const orderId = progress.order.id;

  const remove = (share: IntakeShare) =>
    confirm(() => callApi(calls.orderDelShare, { body: { ids: [share.id] }, notifySuccess: true }), {
      content: t('removeShareContent'),
    });
  const actionsOf = (share: IntakeShare): RowAction[] =>
    share.removed
      ? []
      : [
          {
            label: t('setAim'),
            icon: <AimOutlined />,
            onClick: () => setAiming({ orderId, shareId: share.id, aim: share.aim, dailyAim: share.daily_aim }),
            testId: 'share-set-aim',
          },
          {
            label: t('removeShare'),
            icon: <DeleteOutlined />,
            danger: true,
            onClick: () => remove(share),
            testId: 'share-remove',
          },
        ];

  const columns: TableColumnsType<IntakeShare> = [
    {
      title: t('owner'),
      key: 'owner',
      render: (_, share) => (
        <Space size={4}>
          <Tag>{codeName('ShareOwnerKind', share.owner_kind)}</Tag>
          <span data-testid="share-owner">{share.owner_name}</span>
          {share.removed && <Tag color="default">{t('removed')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('aim'),
      key: 'aim',
      render: (_, share) => <AimProgress leads={share.leads} aim={share.aim} testId="share-leads" />,
    },
    {
      title: t('today'),
      key: 'today',
      render: (_, share) => <AimProgress leads={share.today_leads} aim={share.daily_aim} testId="share-today" />,
    },
    {
      title: t('window'),
      key: 'window',
      render: (_, share) => (
        <Typography.Text style={{ fontSize: 12 }}>
          {formatDateTime(share.starts_at, { seconds: false })} – {formatDateTime(share.ends_at, { seconds: false })}
        </Typography.Text>
      ),
    },
    {
      title: t('link'),
      key: 'link',
      render: (_, share) =>
        share.link ? (
          <Space>
            <Typography.Text
              copyable={{ text: linkUrlOf(share) }}
              style={{ whiteSpace: 'nowrap' }}
              data-testid="share-link"
            >
              {share.link.path}
            </Typography.Text>
            <ShareQr share={share} />
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('noLink')}</Typography.Text>
        ),
    },
    actionsColumn(t('actions'), actionsOf),
  ];

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Button icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="share-add">
        {t('addShare')}
      </Button>
      <Table<IntakeShare>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={progress.shares}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="share-table"
      />
      <ShareDialog orderId={orderId} open={adding} onClose={() => setAdding(false)} />
      {aiming && <AimDialog target={aiming} onClose={() => setAiming(undefined)} />}
    </Space>
  );
}
