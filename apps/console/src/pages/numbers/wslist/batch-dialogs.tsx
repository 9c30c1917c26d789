import { OwnerSelect } from '@ws/web-kit/pickers';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { BatchDialog, type BatchDialogProps } from '../../../components/form/index.js';
import { type TagChange, TagChangeFields } from '../../tags/tag-change-fields.js';
import { IpSelect } from './ip-select.js';

/** Which batch dialog is open, with the numbers it acts on. */
export type OpenDialog = { kind: 'tags' | 'owner' | 'ip'; ids: string[] } | undefined;

export function TagDialog(props: BatchDialogProps<TagChange>) {
  const { t } = useTranslation('numbers');
  return (
    <BatchDialog<TagChange>
      {...props}
      title={t('tagDialogTitle')}
      selected={(count) => t('selectedNumbers', { count })}
      testId="tag-dialog"
    >
      <TagChangeFields
        kind="number"
        required={t('tagsRequired')}
        addTestId="tag-dialog-add"
        removeTestId="tag-dialog-remove"
      />
    </BatchDialog>
  );
}

export function OwnerDialog(props: BatchDialogProps<{ ownerUserId: string }>) {
  const { t } = useTranslation('numbers');
  return (
    <BatchDialog<{ ownerUserId: string }>
      {...props}
      title={t('moveTitle')}
      selected={(count) => t('selectedNumbers', { count })}
      testId="owner-dialog"
    >
      <Form.Item name="ownerUserId" label={t('owner')} rules={[{ required: true, message: t('ownerRequired') }]}>
        <OwnerSelect placeholder={t('ownerRequired')} data-testid="owner-dialog-select" />
      </Form.Item>
    </BatchDialog>
  );
}

export function IpDialog(props: BatchDialogProps<{ ipId?: string }>) {
  const { t } = useTranslation('numbers');
  return (
    <BatchDialog<{ ipId?: string }>
      {...props}
      title={t('ipTitle')}
      selected={(count) => t('selectedNumbers', { count })}
      testId="ip-dialog"
    >
      <Form.Item name="ipId" label={t('egressIp')}>
        <IpSelect placeholder={t('ipPlaceholder')} data-testid="ip-dialog-select" />
      </Form.Item>
    </BatchDialog>
  );
}
