import { DeleteOutlined, EditOutlined, ThunderboltOutlined } from '@ant-design/icons';
import type { EgressIp } from '@ws/contract';
import { actionsColumn, EllipsisText, ellipsisColumn, formatTime } from '@ws/web-kit/list';
import { Space, Spin, Switch, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CodeLabel } from '../../components/codes/code-label.js';

const addressOf = (ip: EgressIp) => `${ip.host.includes(':') ? `[${ip.host}]` : ip.host}:${ip.port}`;

export interface IpRowActions {
  canManage: boolean;
  /** IPs whose health check is running. */
  checking: ReadonlySet<string>;
  edit(ip: EgressIp): void;
  check(ids: string[]): void;
  remove(ids: string[]): void;
  setEnabled(ids: string[], enabled: boolean): void;
}

/** The last health check: its round trip, or the error in words, or that there was none. */
function CheckResult({ ip, running }: { ip: EgressIp; running: boolean }) {
  const { t } = useTranslation('ips');
  if (running) return <Spin size="small" data-testid="ip-check-running" />;
  const check = ip.check;
  if (!check) return <Typography.Text type="secondary">{t('never')}</Typography.Text>;
  return (
    <Tooltip title={formatTime(check.checked_at)}>
      <Space size={4} data-testid="ip-check-result" data-ok={String(check.ok)}>
        {check.ok ? (
          <Tag color="success">{t('checkOk', { ms: check.ms ?? 0 })}</Tag>
        ) : (
          <>
            <Tag color="error">{check.ms === null ? t('checkFailed') : t('checkOk', { ms: check.ms })}</Tag>
            <Typography.Text type="danger" ellipsis={{ tooltip: check.error }} style={{ maxWidth: 100 }}>
              {check.error}
            </Typography.Text>
          </>
        )}
      </Space>
    </Tooltip>
  );
}

/** Columns the IP table leaves out until the user picks them, so the rest fit at 1440 px (the groups panel filters by group). */
export const IP_COLUMNS_HIDDEN = ['group', 'numbers', 'remark', 'created_at'];

/** The IP table's columns; the row actions and the state switch only for those who may change the IPs. */
export function useIpColumns(actions: IpRowActions): TableColumnsType<EgressIp> {
  const { t } = useTranslation('ips');
  const credentials = (ip: EgressIp) => {
    if (ip.username === null) return <Typography.Text type="secondary">{t('hidden')}</Typography.Text>;
    if (!ip.username) return <Typography.Text type="secondary">{t('none')}</Typography.Text>;
    const text = ip.has_password ? t('withPassword', { username: ip.username }) : ip.username;
    return <EllipsisText text={text} maxWidth={140} />;
  };
  const columns: TableColumnsType<EgressIp> = [
    {
      title: t('address'),
      key: 'address',
      render: (_, ip) => (
        <Space size={4}>
          <Tag>
            <CodeLabel group="IpProtocol" code={ip.protocol} />
          </Tag>
          <Typography.Text copyable={{ text: addressOf(ip) }} data-testid="ip-address">
            {addressOf(ip)}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('lastCheck'),
      key: 'check',
      width: 180,
      render: (_, ip) => <CheckResult ip={ip} running={actions.checking.has(ip.id)} />,
    },
    { title: t('credentials'), key: 'credentials', render: (_, ip) => credentials(ip) },
    {
      title: t('group'),
      key: 'group',
      render: (_, ip) =>
        ip.group ? (
          <EllipsisText text={ip.group.name} maxWidth={120} />
        ) : (
          <Typography.Text type="secondary">{t('noGroup')}</Typography.Text>
        ),
    },
    {
      title: t('enabled'),
      dataIndex: 'enabled',
      render: (enabled: boolean, ip) =>
        actions.canManage ? (
          <Switch
            size="small"
            checked={enabled}
            checkedChildren={t('on')}
            unCheckedChildren={t('off')}
            onChange={(next) => actions.setEnabled([ip.id], next)}
            data-testid="ip-enabled"
          />
        ) : (
          <Tag color={enabled ? 'success' : 'default'}>{enabled ? t('on') : t('off')}</Tag>
        ),
    },
    { title: t('numbers'), dataIndex: 'numbers', align: 'right' },
    {
      title: t('remark'),
      dataIndex: 'remark',
      ...ellipsisColumn(200, (ip: EgressIp) => ip.remark),
    },
    { title: t('createdAt'), dataIndex: 'created_at', render: formatTime },
  ];
  if (!actions.canManage) return columns;
  columns.push(
    actionsColumn(t('actions'), (ip: EgressIp) => [
      {
        label: t('check'),
        icon: <ThunderboltOutlined />,
        loading: actions.checking.has(ip.id),
        onClick: () => actions.check([ip.id]),
        testId: 'ip-check',
      },
      { label: t('editAction'), icon: <EditOutlined />, onClick: () => actions.edit(ip), testId: 'ip-edit' },
      {
        label: t('delete'),
        icon: <DeleteOutlined />,
        danger: true,
        onClick: () => actions.remove([ip.id]),
        testId: 'ip-delete',
      },
    ]),
  );
  return columns;
}
