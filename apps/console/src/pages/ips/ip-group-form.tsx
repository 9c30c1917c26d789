import { calls, type IpGroup, type IpScope } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { Form, Input } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type EditDialogProps, ModalForm } from '../../components/form/index.js';

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
}: { scope: IpScope } & EditDialogProps<IpGroup>) {
  const { t } = useTranslation('ips');
  const [form] = Form.useForm<GroupFields>();

  useEffect(() => {
    if (open) form.setFieldsValue(editing ? { name: editing.name, remark: editing.remark } : { name: '', remark: '' });
  }, [open, editing, form]);

  const save = async (fields: GroupFields) => {
    if (editing) await callApi(calls.ipGroupEdit, { body: { scope, id: editing.id, ...fields }, notifySuccess: true });
    else await callApi(calls.ipGroupAdd, { body: { scope, ...fields }, notifySuccess: true });
    onSaved();
  };

  return (
    <ModalForm<GroupFields>
      open={open}
      form={form}
      title={editing ? t('editGroup') : t('addGroup')}
      okText={t('save')}
      onSubmit={save}
      onClose={onClose}
      preserve={false}
      testId="ip-group-form"
      okTestId="ip-group-form-save"
    >
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
    </ModalForm>
  );
}
