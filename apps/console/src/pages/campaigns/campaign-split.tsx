import type { Campaign, CampaignSplitState, SplitVariantResult } from '@ws/contract';
import { formatTime } from '@ws/web-kit/list';
import { Alert, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCodeName } from '../../components/codes/code-label.js';

const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;

/** Where the test stands: sending its sample, waiting for the decision, or decided (with why). */
function SplitStatus({ split }: { split: CampaignSplitState }) {
  const { t } = useTranslation('campaigns');
  const codeName = useCodeName();
  const { decision } = split;
  if (!decision) {
    const text = split.decide_at
      ? t('splitDecideAt', { time: formatTime(split.decide_at) })
      : t('splitSending', { minutes: split.decide_after_minutes });
    return <Alert type="info" showIcon title={text} data-testid="campaign-split-status" />;
  }
  const metric = codeName('SplitMetric', split.metric);
  return (
    <Alert
      type="success"
      showIcon
      title={t('splitDecided', {
        time: formatTime(decision.decided_at),
        winner: codeName('SplitVariant', decision.winner),
      })}
      description={t(`splitReason.${decision.reason}`, {
        metric,
        a: percent(decision.a.rate),
        b: percent(decision.b.rate),
      })}
      data-testid="campaign-split-status"
      data-winner={decision.winner}
    />
  );
}

/** A variant's content in a word: its template's name, or the start of its text. */
function contentName(campaign: Campaign, variant: SplitVariantResult['variant']): string {
  const split = campaign.split as CampaignSplitState;
  const winner = split.decision?.winner;
  const b = variant === 'b' || (variant === 'rest' && winner === 'b');
  if (variant === 'rest' && !winner) return '-';
  const content = b ? split.content : campaign.content;
  const template = b ? split.template : campaign.template;
  if (content.kind === 'text') return content.text.slice(0, 40);
  return template ? `${template.name} (${template.language})` : '-';
}

/** An A/B test's results: each variant's sent, delivered, read and replied with the rates, and the winner. */
export function CampaignSplit({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation('campaigns');
  const codeName = useCodeName();
  const split = campaign.split;
  if (!split) return null;
  const winner = split.decision?.winner;
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="campaign-split-results">
      <SplitStatus split={split} />
      <Table<SplitVariantResult>
        rowKey="variant"
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={split.variants}
        onRow={(row) => ({ 'data-variant': row.variant }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          {
            title: t('variantColumn'),
            key: 'variant',
            render: (_, row) => (
              <Space>
                <Typography.Text strong>{codeName('SplitVariant', row.variant)}</Typography.Text>
                {row.variant === winner && (
                  <Tag color="gold" data-testid="campaign-split-winner">
                    {t('winner')}
                  </Tag>
                )}
              </Space>
            ),
          },
          { title: t('content'), key: 'content', render: (_, row) => contentName(campaign, row.variant) },
          { title: t('recipients'), dataIndex: 'recipients' },
          { title: t('splitSent'), dataIndex: 'sent' },
          { title: codeName('RecipientState', 'delivered'), dataIndex: 'delivered' },
          { title: codeName('RecipientState', 'read'), dataIndex: 'read' },
          { title: codeName('RecipientState', 'replied'), dataIndex: 'replied' },
          {
            title: codeName('SplitMetric', 'read'),
            key: 'read_rate',
            render: (_, row) => <span data-testid="campaign-split-read-rate">{percent(row.read_rate)}</span>,
          },
          {
            title: codeName('SplitMetric', 'reply'),
            key: 'reply_rate',
            render: (_, row) => <span data-testid="campaign-split-reply-rate">{percent(row.reply_rate)}</span>,
          },
        ]}
      />
    </Space>
  );
}
