import type { AudienceList, AudienceStatus, RowOutcome } from '@ws/contract';
import { Progress, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCodeName } from '../../components/codes/code-label.js';
import { isBusy, progressOf } from './audience-calls.js';

const STATUS_COLORS: Record<AudienceStatus, string> = {
  draft: 'gold',
  queued: 'default',
  running: 'processing',
  ready: 'blue',
  failed: 'error',
  loading: 'processing',
  loaded: 'success',
};

/** The colour each outcome has in the counts and the chart. */
export const OUTCOME_COLORS: Record<RowOutcome, string> = {
  new: '#52c41a',
  contact: '#1677ff',
  opted_out: '#fa8c16',
  duplicate: '#8c8c8c',
  invalid: '#ff4d4f',
};

/**
 * A list's status; while a job works on it, a progress bar (a CSV's check by bytes read, a load by
 * rows loaded) or, for an XLSX being checked, the rows read so far.
 */
export function AudienceStatusCell({ list }: { list: AudienceList }) {
  const { t } = useTranslation('audiences');
  const codeName = useCodeName();
  const percent = progressOf(list);
  const tag = (
    <Tag color={STATUS_COLORS[list.status]} data-testid="audience-status" data-status={list.status}>
      {codeName('AudienceStatus', list.status)}
    </Tag>
  );
  return (
    <Space orientation="vertical" size={2} style={{ minWidth: 140 }}>
      {list.error ? <Tooltip title={list.error}>{tag}</Tooltip> : tag}
      {isBusy(list.status) &&
        (percent === undefined ? (
          <Typography.Text type="secondary" data-testid="audience-rows-read">
            {t('rowsRead', { count: list.counts.rows })}
          </Typography.Text>
        ) : (
          <Progress percent={percent} size="small" status="active" data-testid="audience-progress" />
        ))}
    </Space>
  );
}

/** A list's outcome counts in brief: new, already contacts, opted out, repeats, invalid. */
export function OutcomeCounts({ list }: { list: AudienceList }) {
  const codeName = useCodeName();
  if (list.status === 'draft' || (list.counts.rows === 0 && isBusy(list.status))) {
    return <Typography.Text type="secondary">-</Typography.Text>;
  }
  const outcomes: RowOutcome[] = ['new', 'contact', 'opted_out', 'duplicate', 'invalid'];
  return (
    <Space size={[4, 4]} wrap style={{ maxWidth: 320 }} data-testid="audience-outcomes">
      {outcomes.map((outcome) => (
        <Tag key={outcome} color={OUTCOME_COLORS[outcome]} data-outcome={outcome} style={{ marginInlineEnd: 0 }}>
          {codeName('RowOutcome', outcome)} {list.counts[outcome].toLocaleString()}
        </Tag>
      ))}
    </Space>
  );
}
