import { SPLIT_LIMITS } from '@ws/contract';
import { Alert, Form, InputNumber, Select, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCodeName } from '../../components/codes/code-label.js';
import type { CampaignFields } from './campaign-draft.js';
import { ContentFields, type useChosenTemplate } from './content-fields.js';

/**
 * The form's A/B test: variant B's content (the content editor again, of A's kind), the sample's
 * share of the audience, the metric that picks the winner and how long after the sample to decide.
 */
export function SplitFields({
  fields,
  template,
}: {
  fields: CampaignFields;
  template: ReturnType<typeof useChosenTemplate>;
}) {
  const { t } = useTranslation('campaigns');
  const codeName = useCodeName();
  return (
    <>
      <Form.Item name="splitOn" label={t('split')} valuePropName="checked" extra={t('splitHelp')}>
        <Switch data-testid="campaign-split-on" />
      </Form.Item>
      {fields.splitOn && (
        <div data-testid="campaign-split">
          <Alert type="info" showIcon title={t('splitIntro')} style={{ marginBottom: 12 }} />
          <ContentFields draft={{ ...fields.split, contentKind: fields.contentKind }} template={template} inSplit />
          <Space wrap align="start" size={24}>
            <Form.Item
              name={['split', 'samplePercent']}
              label={t('splitSample')}
              extra={t('splitSampleHelp')}
              rules={[{ required: true, message: t('splitSampleRequired') }]}
            >
              <InputNumber
                min={SPLIT_LIMITS.samplePercent.min}
                max={SPLIT_LIMITS.samplePercent.max}
                precision={0}
                suffix="%"
                data-testid="campaign-split-sample"
              />
            </Form.Item>
            <Form.Item name={['split', 'metric']} label={t('splitMetric')}>
              <Select
                style={{ width: 220 }}
                options={[
                  { value: 'read', label: codeName('SplitMetric', 'read') },
                  { value: 'reply', label: codeName('SplitMetric', 'reply') },
                  { value: 'click', label: codeName('SplitMetric', 'click'), disabled: true },
                ]}
                data-testid="campaign-split-metric"
              />
            </Form.Item>
            <Form.Item
              name={['split', 'decideAfterMinutes']}
              label={t('splitDelay')}
              extra={t('splitDelayHelp')}
              rules={[{ required: true, message: t('splitDelayRequired') }]}
            >
              <InputNumber
                min={SPLIT_LIMITS.decideAfterMinutes.min}
                max={SPLIT_LIMITS.decideAfterMinutes.max}
                precision={0}
                data-testid="campaign-split-delay"
              />
            </Form.Item>
          </Space>
        </div>
      )}
    </>
  );
}
