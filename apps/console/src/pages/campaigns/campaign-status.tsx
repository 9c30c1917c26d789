import type { Campaign, CampaignStatus, RecipientState } from '@ws/contract';
import { Progress, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCodeName } from '../../components/codes/code-label.js';
import { countOf, LISTED_STATES, progressPercent } from './campaign-model.js';

const STATUS_COLORS: Record<CampaignStatus, string> = {
  scheduled: 'default',
  starting: 'processing',
  running: 'processing',
  paused: 'warning',
  held: 'error',
  completed: 'success',
  cancelled: 'default',
};

export const STATE_COLORS: Partial<Record<RecipientState, string>> = {
  pending: '#bfbfbf',
  queued: '#8c8c8c',
  accepted: '#69b1ff',
  sent: '#1677ff',
  delivered: '#13c2c2',
  read: '#52c41a',
  replied: '#722ed1',
  failed: '#ff4d4f',
  refused: '#fa8c16',
  unknown: '#faad14',
  deferred: '#597ef7',
  cancelled: '#bfbfbf',
  skipped: '#bfbfbf',
};

/** A campaign's status as a coloured tag; why the product holds it, in its tooltip. */
export function CampaignStatusTag({ campaign }: { campaign: Pick<Campaign, 'status' | 'hold_reason'> }) {
  const codeName = useCodeName();
  const tag = (
    <Tag color={STATUS_COLORS[campaign.status]} data-testid="campaign-status" data-status={campaign.status}>
      {codeName('CampaignStatus', campaign.status)}
    </Tag>
  );
  return campaign.hold_reason ? <Tooltip title={campaign.hold_reason}>{tag}</Tooltip> : tag;
}

/** How far it got: recipients sent, delivered, read or replied, of all recipients. */
export function CampaignProgress({ campaign }: { campaign: Pick<Campaign, 'counts' | 'recipients' | 'status'> }) {
  const percent = progressPercent(campaign);
  return (
    <Progress
      percent={percent}
      size="small"
      style={{ width: 140, margin: 0 }}
      status={campaign.status === 'running' ? 'active' : campaign.status === 'held' ? 'exception' : 'normal'}
      data-testid="campaign-progress"
      data-percent={percent}
    />
  );
}

/** The recipients per state the list shows (queued, sent … unknown), each in its state's colour. */
export function CampaignCounts({ campaign }: { campaign: Pick<Campaign, 'counts' | 'recipients'> }) {
  const { t } = useTranslation('campaigns');
  const codeName = useCodeName();
  return (
    <Space size={[10, 0]} wrap style={{ maxWidth: 300 }} data-testid="campaign-counts">
      <Typography.Text>{t('recipientsCount', { count: campaign.recipients })}</Typography.Text>
      {LISTED_STATES.map((state) => (
        <Tooltip key={state} title={codeName('RecipientState', state)}>
          <Typography.Text style={{ color: STATE_COLORS[state] }} data-testid={`campaign-count-${state}`}>
            {codeName('RecipientState', state)} {countOf(campaign, state)}
          </Typography.Text>
        </Tooltip>
      ))}
    </Space>
  );
}
