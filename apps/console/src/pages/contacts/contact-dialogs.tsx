import { Form, Modal, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OwnerSelect } from '../numbers/wslist/number-selects.js';
import { TagSelect } from '../tags/tag-table.js';
import { NumberSelect } from './contact-selects.js';

export interface ContactMove {
  numberId?: string;
  ownerUserId?: string;
}

export interface ContactTagChange {
  addTagIds?: string[];
  removeTagIds?: string[];
}

interface DialogProps<V> {
  ids: string[];
  onClose(): void;
  /** Sends the change; the dialog closes when it succeeded and stays open (the error shown) when not. */
  onSubmit(values: V): Promise<void>;
}

/** "Choose at least one of these fields" as a form rule. */
const oneOf =
  (fields: string[], message: string) =>
  ({ getFieldValue }: { getFieldValue(name: string): unknown }) => ({
    validator: async () => {
      const chosen = fields.flatMap((field) => getFieldValue(field)).filter(Boolean);
      if (chosen.length === 0) throw new Error(message);
    },
  });

/** A batch dialog's frame: how many contacts, a form, and OK waiting for the call. */
function BatchModal<V extends object>({
  title,
  ids,
  onClose,
  onSubmit,
  children,
  testId,
}: DialogProps<V> & { title: string; children: ReactNode; testId: string }) {
  const { t } = useTranslation('contacts');
  const [form] = Form.useForm<V>();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      await onSubmit(values);
      onClose();
    } catch {
      // The request wrapper showed the failure; the dialog stays open.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={title}
      okText={t('ok')}
      cancelText={t('cancel')}
      confirmLoading={saving}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
      okButtonProps={{ 'data-testid': `${testId}-ok` }}
    >
      <Typography.Paragraph type="secondary">{t('selectedContacts', { count: ids.length })}</Typography.Paragraph>
      <Form<V> form={form} layout="vertical" data-testid={testId}>
        {children}
      </Form>
    </Modal>
  );
}

/** Moves the selected contacts to another number and/or owner. */
export function MoveDialog(props: DialogProps<ContactMove>) {
  const { t } = useTranslation('contacts');
  const rule = oneOf(['numberId', 'ownerUserId'], t('moveRequired'));
  return (
    <BatchModal<ContactMove> {...props} title={t('moveTitle')} testId="contact-move-dialog">
      <Form.Item name="numberId" label={t('moveToNumber')} rules={[rule]} dependencies={['ownerUserId']}>
        <NumberSelect placeholder={t('moveToNumber')} style={{ width: '100%' }} data-testid="contact-move-number" />
      </Form.Item>
      <Form.Item name="ownerUserId" label={t('moveToOwner')}>
        <OwnerSelect placeholder={t('moveToOwner')} data-testid="contact-move-owner" />
      </Form.Item>
    </BatchModal>
  );
}

/** Adds and removes contact tags on the selected contacts. */
export function TagDialog(props: DialogProps<ContactTagChange>) {
  const { t } = useTranslation('contacts');
  const rule = oneOf(['addTagIds', 'removeTagIds'], t('tagsRequired'));
  return (
    <BatchModal<ContactTagChange> {...props} title={t('tagTitle')} testId="contact-tag-dialog">
      <Form.Item name="addTagIds" label={t('addTags')} rules={[rule]} dependencies={['removeTagIds']}>
        <TagSelect kind="contact" mode="multiple" style={{ width: '100%' }} data-testid="contact-tag-add" />
      </Form.Item>
      <Form.Item name="removeTagIds" label={t('removeTags')}>
        <TagSelect kind="contact" mode="multiple" style={{ width: '100%' }} data-testid="contact-tag-remove" />
      </Form.Item>
    </BatchModal>
  );
}
