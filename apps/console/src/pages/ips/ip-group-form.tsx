import { calls, type IpGroup, type IpScope } from '@ws/contract';
import { Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/client.js';

interface GroupFields {
  name: string;
  remark: string;
}

/** Adds a group of the scope, or edits `editing`; `onSaved` runs once the server accepted it. */
export function IpGroupFormModal({
  scope,
  open,
  editing,
  onClose,
  onSaved,
}: {
  scope: IpScope;
  open: boolean;
  editing: IpGroup | undefined;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation('ips');
  const [form] = Form.useForm<GroupFields>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (open) form.setFieldsValue(editing ? { name: editing.name, remark: editing.remark } : { name: '', remark: '' });
  }, [open, editing, form]);

  const save = async () => {
    const fields = await form.validateFields();
    setSaving(true);
    try {
      if (editing)
        await callApi(calls.ipGroupEdit, { body: { scope, id: editing.id, ...fields }, notifySuccess: true });
      else await callApi(calls.ipGroupAdd, { body: { scope, ...fields }, notifySuccess: true });
      onSaved();
      onClose();
    } catch {
      // Shown by the request wrapper (a duplicate name, say); the dialog stays open for a correction.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={editing ? t('editGroup') : t('addGroup')}
      okText={t('save')}
      cancelText={t('cancel')}
      confirmLoading={saving}
      onOk={save}
      onCancel={onClose}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'ip-group-form-save' }}
    >
      <Form form={form} layout="vertical" preserve={false} data-testid="ip-group-form">
        <Form.Item
          name="name"
          label={t('groupName')}
          rules={[{ required: true, whitespace: true, max: 64, message: t('groupNameRequired') }]}
        >
          <Input maxLength={64} autoFocus data-testid="ip-group-form-name" />
        </Form.Item>
        <Form.Item name="remark" label={t('remark')}>
          <Input.TextArea maxLength={255} rows={2} data-testid="ip-group-form-remark" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
