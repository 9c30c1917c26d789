import { type AudienceRow, ROW_OUTCOMES, type RowOutcome } from '@ws/contract';
import { formatTime, PagedTable } from '@ws/web-kit/list';
import { Input, Select, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCodeName } from '../../components/codes/code-label.js';
import { useAudienceRows } from './audience-calls.js';
import { OUTCOME_COLORS } from './audience-status.js';

/**
 * The rows of one list in file order with what the check found, filtered by outcome and searched
 * by digits of the number. The outcome chosen here is also what "download" takes.
 */
export function AudienceRows({
  listId,
  outcome,
  onOutcome,
}: {
  listId: string;
  outcome: RowOutcome | undefined;
  onOutcome(outcome: RowOutcome | undefined): void;
}) {
  const { t } = useTranslation('audiences');
  const codeName = useCodeName();
  const [search, setSearch] = useState('');
  const rows = useAudienceRows(listId, { outcome: outcome ?? null, search: search || null });

  const columns: TableColumnsType<AudienceRow> = [
    { title: t('row'), dataIndex: 'row', width: 70 },
    { title: t('phone'), dataIndex: 'phone' },
    { title: 'E.164', dataIndex: 'e164', render: (e164: string | null) => e164 ?? '-' },
    {
      title: t('outcome'),
      dataIndex: 'outcome',
      render: (value: RowOutcome, row) => (
        <Space size={4}>
          <Tag color={OUTCOME_COLORS[value]} data-testid="audience-row-outcome">
            {codeName('RowOutcome', value)}
          </Tag>
          {row.reason && <Typography.Text type="secondary">{codeName('InvalidReason', row.reason)}</Typography.Text>}
        </Space>
      ),
    },
    { title: t('name'), dataIndex: 'name', render: (name: string) => name || '-' },
    { title: t('country'), dataIndex: 'country', render: (country: string | null) => country ?? '-' },
    {
      title: t('type'),
      dataIndex: 'type',
      render: (type: string | null) => (type ? codeName('PhoneType', type) : '-'),
    },
    { title: t('optedInAt'), dataIndex: 'opted_in_at', render: formatTime },
    { title: t('language'), dataIndex: 'language', render: (language: string | null) => language ?? '-' },
    {
      title: t('tags'),
      dataIndex: 'tags',
      render: (tags: string[]) =>
        tags.length ? (
          tags.map((tag) => <Tag key={tag}>{tag}</Tag>)
        ) : (
          <Typography.Text type="secondary">-</Typography.Text>
        ),
    },
    {
      title: t('customFields'),
      dataIndex: 'fields',
      render: (fields: Record<string, string>) =>
        Object.entries(fields)
          .map(([key, value]) => `${key}: ${value}`)
          .join('; ') || '-',
    },
  ];

  return (
    <div data-testid="audience-rows">
      <Space wrap style={{ marginBottom: 12 }}>
        <Select<RowOutcome>
          allowClear
          value={outcome}
          onChange={(value?: RowOutcome) => onOutcome(value)}
          placeholder={t('outcomeAll')}
          options={ROW_OUTCOMES.map((value) => ({ value, label: codeName('RowOutcome', value) }))}
          style={{ width: 180 }}
          data-testid="audience-rows-outcome"
        />
        <Input.Search
          allowClear
          placeholder={t('searchDigits')}
          onSearch={(text) => setSearch(text.replace(/\D/g, ''))}
          style={{ width: 220 }}
          data-testid="audience-rows-search"
        />
      </Space>
      <PagedTable<AudienceRow> rowKey="row" columns={columns} list={rows} size="small" />
    </div>
  );
}
