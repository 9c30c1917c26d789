import type { NumberListRecord } from '@ws/contract';
import { actionsColumn, ellipsisColumn, formatTime, TagChips, userName } from '@ws/web-kit/list';
import { Space, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CodeLabel, useCodeName } from '../../../components/codes/code-label.js';

const QUALITY_COLORS: Record<NumberListRecord['quality_rating'], string> = {
  GREEN: 'success',
  YELLOW: 'warning',
  RED: 'error',
  UNKNOWN: 'default',
};

/** Meta's number statuses that need the operator's eye get a colour. */
export const NUMBER_STATUS_COLORS: Record<string, string> = {
  CONNECTED: 'success',
  PENDING: 'processing',
  FLAGGED: 'warning',
  RESTRICTED: 'error',
  BANNED: 'error',
  DELETED: 'error',
};

export function QualityTag({ quality }: { quality: NumberListRecord['quality_rating'] }) {
  const codeName = useCodeName();
  return (
    <Tag color={QUALITY_COLORS[quality]} data-testid="number-quality">
      {codeName('NumberQuality', quality)}
    </Tag>
  );
}

/** Columns the numbers table leaves out until the user picks them, so the rest fit at 1440 px. */
export const NUMBER_COLUMNS_HIDDEN = ['owner', 'egress_ip', 'throughput_per_second', 'contacts'];

/** The numbers table's columns; `onCheck` runs the channel check of one row. */
export function useNumberColumns(onCheck: (number: NumberListRecord) => void): TableColumnsType<NumberListRecord> {
  const { t } = useTranslation('numbers');
  const navigate = useNavigate();
  return [
    {
      title: t('phone'),
      dataIndex: 'phone',
      fixed: 'left',
      render: (phone: string, number) => (
        <Space orientation="vertical" size={0}>
          <span data-testid="number-phone">{phone}</span>
          {number.verified_name && (
            <Typography.Text type="secondary" ellipsis={{ tooltip: number.verified_name }} style={{ maxWidth: 170 }}>
              {number.verified_name}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('status'),
      dataIndex: 'status',
      width: 130,
      render: (status: string, number) => (
        <Space size={4} wrap>
          <Tag color={NUMBER_STATUS_COLORS[status] ?? 'default'}>
            <CodeLabel group="MetaNumberStatus" code={status} data-testid="number-status" />
          </Tag>
          {!number.webhooks_subscribed && (
            <Tooltip title={t('webhooksOffHint')}>
              <Tag color="warning" data-testid="number-webhooks-off">
                {t('webhooksOff')}
              </Tag>
            </Tooltip>
          )}
          {number.paused && (
            <Tag color="error" data-testid="number-paused">
              {t('pausedBecause', { reason: number.pause_reason ?? '-' })}
            </Tag>
          )}
        </Space>
      ),
    },
    { title: t('quality'), dataIndex: 'quality_rating', render: (quality) => <QualityTag quality={quality} /> },
    {
      title: t('tier'),
      dataIndex: 'messaging_tier',
      width: 100,
      render: (tier: string | null) => (tier ? <CodeLabel group="MessagingTier" code={tier} /> : '-'),
    },
    { title: t('throughput'), dataIndex: 'throughput_per_second', align: 'right' },
    {
      title: t('owner'),
      dataIndex: 'owner',
      ...ellipsisColumn(130, (number) => userName(number.owner)),
    },
    {
      title: t('tags'),
      dataIndex: 'tags',
      width: 150,
      render: (tags: NumberListRecord['tags']) => <TagChips tags={tags} data-testid="number-tags" />,
    },
    {
      title: t('egressIp'),
      dataIndex: 'egress_ip',
      ...ellipsisColumn(180, ({ egress_ip: ip }) =>
        ip ? `${ip.label} (${ip.scope === 'system' ? t('scopeSystem') : t('scopeOwn')})` : '-',
      ),
    },
    {
      title: t('today'),
      key: 'today',
      align: 'right',
      width: 110,
      render: (_, number) => `${number.sent_today.toLocaleString()} / ${number.received_today.toLocaleString()}`,
    },
    {
      title: t('contacts'),
      dataIndex: 'contacts',
      align: 'right',
      render: (count: number) => count.toLocaleString(),
    },
    {
      title: t('lastCheck'),
      dataIndex: 'checked_at',
      width: 160,
      render: (checkedAt: string | null, number) => {
        if (!checkedAt) return <Typography.Text type="secondary">{t('neverChecked')}</Typography.Text>;
        if (!number.check_error) return formatTime(checkedAt);
        return (
          <Tooltip title={number.check_error}>
            <Typography.Text type="danger">{formatTime(checkedAt)}</Typography.Text>
          </Tooltip>
        );
      },
    },
    actionsColumn(t('actions'), (number: NumberListRecord) => [
      {
        label: t('chatHistory'),
        onClick: () => navigate(`/passenger/chat_record?number=${number.id}`),
        testId: 'number-chat-history',
      },
      { label: t('check'), onClick: () => onCheck(number), testId: 'number-check' },
    ]),
  ];
}
