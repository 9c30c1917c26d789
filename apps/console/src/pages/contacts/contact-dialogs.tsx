import { NumberSelect, OwnerSelect } from '@ws/web-kit/pickers';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { BatchDialog, type BatchDialogProps, oneOf } from '../../components/form/index.js';
import { type TagChange, TagChangeFields } from '../tags/tag-change-fields.js';

export interface ContactMove {
  numberId?: string;
  ownerUserId?: string;
}

/** Moves the selected contacts to another number and/or owner. */
export function MoveDialog(props: BatchDialogProps<ContactMove>) {
  const { t } = useTranslation('contacts');
  const rule = oneOf(['numberId', 'ownerUserId'], t('moveRequired'));
  return (
    <BatchDialog<ContactMove>
      {...props}
      title={t('moveTitle')}
      selected={(count) => t('selectedContacts', { count })}
      testId="contact-move-dialog"
    >
      <Form.Item name="numberId" label={t('moveToNumber')} rules={[rule]} dependencies={['ownerUserId']}>
        <NumberSelect placeholder={t('moveToNumber')} style={{ width: '100%' }} data-testid="contact-move-number" />
      </Form.Item>
      <Form.Item name="ownerUserId" label={t('moveToOwner')}>
        <OwnerSelect of="contact" placeholder={t('moveToOwner')} data-testid="contact-move-owner" />
      </Form.Item>
    </BatchDialog>
  );
}

/** Adds and removes contact tags on the selected contacts. */
export function TagDialog(props: BatchDialogProps<TagChange>) {
  const { t } = useTranslation('contacts');
  return (
    <BatchDialog<TagChange>
      {...props}
      title={t('tagTitle')}
      selected={(count) => t('selectedContacts', { count })}
      testId="contact-tag-dialog"
    >
      <TagChangeFields
        kind="contact"
        required={t('tagsRequired')}
        addTestId="contact-tag-add"
        removeTestId="contact-tag-remove"
      />
    </BatchDialog>
  );
}
