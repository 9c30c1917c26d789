import type { Template } from '@ws/contract';
import { Descriptions, Modal, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { CodeLabel, LanguageLabel } from '../../components/codes/code-label.js';
import { useTemplateDetails } from './template-calls.js';
import { TemplatePreview } from './template-preview.js';
import { TemplateQualityTag, TemplateStatusTag } from './template-status.js';

/** A template's details and its preview with the sample values, in a dialog. */
export function TemplateDetailsModal({ template, onClose }: { template: Template | undefined; onClose(): void }) {
  const { t } = useTranslation('templates');
  const details = useTemplateDetails(template);
  const shown = details.data;
  return (
    <Modal
      open={template !== undefined}
      title={template && t('detailsTitle', { name: template.name })}
      footer={null}
      onCancel={onClose}
      width={720}
      destroyOnHidden
      data-testid="template-details"
    >
      {!shown ? (
        <Skeleton active />
      ) : (
        <div style={{ display: 'flex', gap: 24, flexWrap: 'wrap' }}>
          <Descriptions column={1} size="small" style={{ flex: '1 1 280px' }}>
            <Descriptions.Item label={t('name')}>{shown.name}</Descriptions.Item>
            <Descriptions.Item label={t('language')}>
              <LanguageLabel code={shown.language} />
            </Descriptions.Item>
            <Descriptions.Item label={t('category')}>
              <CodeLabel group="TemplateCategory" code={shown.category} />
            </Descriptions.Item>
            <Descriptions.Item label={t('status')}>
              <TemplateStatusTag template={shown} />
            </Descriptions.Item>
            <Descriptions.Item label={t('quality')}>
              <TemplateQualityTag quality={shown.quality_score} />
            </Descriptions.Item>
            <Descriptions.Item label={t('waba')}>
              {shown.phone ?? t('noPhone')} / {shown.waba_id}
            </Descriptions.Item>
          </Descriptions>
          <div style={{ flex: '1 1 320px' }}>
            <TemplatePreview components={shown.components} />
          </div>
        </div>
      )}
    </Modal>
  );
}
