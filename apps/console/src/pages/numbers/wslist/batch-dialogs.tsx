import { Form, Modal, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TagSelect } from '../../tags/tag-table.js';
import { IpSelect, OwnerSelect } from './number-selects.js';

/** Which batch dialog is open, with the numbers it acts on. */
export type BatchDialog = { kind: 'tags' | 'owner' | 'ip'; ids: string[] } | undefined;

export interface TagChange {
  addTagIds: string[];
  removeTagIds: string[];
}

interface DialogProps<V> {
  ids: string[];
  onClose(): void;
  /** Sends the change; the dialog closes when it succeeded and stays open (the error shown) when not. */
  onSubmit(values: V): Promise<void>;
}

/** A batch dialog's frame: the selection count, a form, and OK waiting for the call. */
function BatchModal<V extends object>({
  title,
  ids,
  onClose,
  onSubmit,
  children,
  testId,
}: DialogProps<V> & { title: string; children: ReactNode; testId: string }) {
  const { t } = useTranslation('numbers');
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
      <Typography.Paragraph type="secondary">{t('selectedNumbers', { count: ids.length })}</Typography.Paragraph>
      <Form<V> form={form} layout="vertical" data-testid={testId}>
        {children}
      </Form>
    </Modal>
  );
}

export function TagDialog(props: DialogProps<TagChange>) {
  const { t } = useTranslation('numbers');
  const atLeastOne = ({ getFieldValue }: { getFieldValue(name: string): unknown }) => ({
    validator: async () => {
      const chosen = [getFieldValue('addTagIds'), getFieldValue('removeTagIds')].flat().filter(Boolean);
      if (chosen.length === 0) throw new Error(t('tagsRequired'));
    },
  });
  return (
    <BatchModal<TagChange> {...props} title={t('tagDialogTitle')} testId="tag-dialog">
      <Form.Item name="addTagIds" label={t('addTags')} rules={[atLeastOne]} dependencies={['removeTagIds']}>
        <TagSelect kind="number" mode="multiple" style={{ width: '100%' }} data-testid="tag-dialog-add" />
      </Form.Item>
      <Form.Item name="removeTagIds" label={t('removeTags')}>
        <TagSelect kind="number" mode="multiple" style={{ width: '100%' }} data-testid="tag-dialog-remove" />
      </Form.Item>
    </BatchModal>
  );
}

export function OwnerDialog(props: DialogProps<{ ownerUserId: string }>) {
  const { t } = useTranslation('numbers');
  return (
    <BatchModal<{ ownerUserId: string }> {...props} title={t('moveTitle')} testId="owner-dialog">
      <Form.Item name="ownerUserId" label={t('owner')} rules={[{ required: true, message: t('ownerRequired') }]}>
        <OwnerSelect placeholder={t('ownerRequired')} data-testid="owner-dialog-select" />
      </Form.Item>
    </BatchModal>
  );
}

export function IpDialog(props: DialogProps<{ ipId?: string }>) {
  const { t } = useTranslation('numbers');
  return (
    <BatchModal<{ ipId?: string }> {...props} title={t('ipTitle')} testId="ip-dialog">
      <Form.Item name="ipId" label={t('egressIp')}>
        <IpSelect placeholder={t('ipPlaceholder')} data-testid="ip-dialog-select" />
      </Form.Item>
    </BatchModal>
  );
}
