import type { NumberCheckResult, NumberRepairResult } from '@ws/contract';
import { Modal, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CodeLabel } from '../../../components/codes/code-label.js';
import { QualityTag } from './number-columns.js';

/** What a check or repair answered, per number, for the results dialog. */
export type ChannelResults =
  | { kind: 'check'; results: NumberCheckResult[] }
  | { kind: 'repair'; results: NumberRepairResult[] }
  | undefined;

function OkTag({ ok }: { ok: boolean }) {
  const { t } = useTranslation('numbers');
  return <Tag color={ok ? 'success' : 'error'}>{ok ? t('resultOk') : t('resultFailed')}</Tag>;
}

/** The per-number outcome of a channel check or a data repair. */
export function ChannelResultsDialog({ shown, onClose }: { shown: ChannelResults; onClose(): void }) {
  const { t } = useTranslation('numbers');
  if (!shown) return null;
  const phone = { title: t('phone'), dataIndex: 'phone', key: 'phone' };
  const ok = { title: t('status'), dataIndex: 'ok', key: 'ok', render: (value: boolean) => <OkTag ok={value} /> };
  const checkColumns: TableColumnsType<NumberCheckResult> = [
    phone,
    ok,
    { title: t('quality'), dataIndex: 'quality_rating', render: (quality) => <QualityTag quality={quality} /> },
    {
      title: 'Meta',
      dataIndex: 'status',
      render: (status: string | null) => (status ? <CodeLabel group="MetaNumberStatus" code={status} /> : '-'),
    },
    {
      title: t('tier'),
      dataIndex: 'messaging_tier',
      render: (tier: string | null) => (tier ? <CodeLabel group="MessagingTier" code={tier} /> : '-'),
    },
    {
      title: t('webhooks'),
      dataIndex: 'webhooks',
      render: (webhooks: NumberCheckResult['webhooks']) =>
        webhooks ? (
          <Tag color={webhooks === 'subscribed' ? 'success' : 'warning'} data-testid="check-webhooks">
            {t(`webhooks${webhooks}`)}
          </Tag>
        ) : (
          '-'
        ),
    },
    { title: t('problems'), dataIndex: 'error', render: (error) => error ?? '-' },
  ];
  const repairColumns: TableColumnsType<NumberRepairResult> = [
    phone,
    ok,
    { title: t('templates'), dataIndex: 'templates', render: (count) => count ?? '-' },
    {
      title: t('profile'),
      dataIndex: 'profile_ok',
      render: (readable: boolean) => (readable ? t('profileOk') : t('profileFailed')),
    },
    { title: t('today'), key: 'today', render: (_, row) => `${row.sent_today} / ${row.received_today}` },
    { title: t('contacts'), dataIndex: 'contacts' },
    { title: t('problems'), dataIndex: 'errors', render: (errors: string[]) => errors.join('; ') || '-' },
  ];
  const failed = shown.results.filter((result) => !result.ok).length;
  return (
    <Modal
      open
      width={880}
      title={shown.kind === 'check' ? t('checkTitle') : t('repairTitle')}
      onCancel={onClose}
      onOk={onClose}
      okText={t('close')}
      cancelButtonProps={{ style: { display: 'none' } }}
      data-testid="channel-results"
    >
      <Typography.Paragraph data-testid="channel-results-summary">
        {t('resultSummary', { count: shown.results.length, failed })}
      </Typography.Paragraph>
      {shown.kind === 'check' ? (
        <Table<NumberCheckResult> rowKey="id" size="small" columns={checkColumns} dataSource={shown.results} />
      ) : (
        <Table<NumberRepairResult> rowKey="id" size="small" columns={repairColumns} dataSource={shown.results} />
      )}
    </Modal>
  );
}
