import type { AudienceList } from '@ws/contract';
import { Modal, Steps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MappingStep } from './mapping-step.js';
import { UploadForm } from './upload-form.js';

/**
 * The upload flow: step 1 the form and file, step 2 the column mapping over the preview, then the
 * check starts. Opened on a draft (a list uploaded earlier and never mapped), it starts at step 2.
 * Closed between the steps, the draft stays in the table with its "map columns" action.
 */
export function UploadDialog({
  draft: givenDraft,
  onClose,
  onChanged,
}: {
  draft?: AudienceList | undefined;
  onClose(): void;
  /** A draft was made or a check started: the table reads the lists again. */
  onChanged(): void;
}) {
  const { t } = useTranslation('audiences');
  const [draft, setDraft] = useState(givenDraft);
  return (
    <Modal
      open
      title={givenDraft ? t('mapTitle', { name: givenDraft.name }) : t('uploadTitle')}
      footer={null}
      width={960}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <div data-testid="audience-upload-dialog">
        <Steps
          current={draft ? 1 : 0}
          items={[{ title: t('stepUpload') }, { title: t('stepMapping') }]}
          style={{ marginBottom: 24 }}
        />
        {draft ? (
          <MappingStep
            list={draft}
            onStarted={() => {
              onChanged();
              onClose();
            }}
          />
        ) : (
          <UploadForm
            onUploaded={(uploaded) => {
              setDraft(uploaded);
              onChanged();
            }}
          />
        )}
      </div>
    </Modal>
  );
}
