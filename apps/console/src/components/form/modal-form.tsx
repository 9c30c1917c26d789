import { Form, type FormInstance, Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ModalFormProps<V> {
  /** Whether the dialog shows; a dialog mounted only while it is open leaves it out. */
  open?: boolean;
  title: ReactNode;
  /** The form, when the caller fills or watches its fields; else the dialog makes its own. */
  form?: FormInstance<V>;
  /** The OK button's text (确定 unless given). */
  okText?: ReactNode;
  width?: number;
  /** antd Form's `preserve`: keep the values of fields that are taken away. */
  preserve?: boolean;
  /** Shown above the form. */
  intro?: ReactNode;
  testId?: string;
  okTestId: string;
  onClose(): void;
  /**
   * Sends the values. The dialog closes when it resolves and stays open when it rejects (the
   * request wrapper showed why, a duplicate name say, so the user can correct it).
   */
  onSubmit(values: V): Promise<unknown>;
  children: ReactNode;
}

/** A dialog with a vertical form: OK validates the fields and waits, loading, for `onSubmit`. */
export function ModalForm<V extends object>({
  open = true,
  title,
  form: given,
  okText,
  width,
  preserve,
  intro,
  testId,
  okTestId,
  onClose,
  onSubmit,
  children,
}: ModalFormProps<V>) {
  const { t } = useTranslation('list');
  const [form] = Form.useForm<V>(given);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      // The fields show what is missing; nothing may escape as an uncaught rejection.
      return;
    }
    setSaving(true);
    try {
      await onSubmit(values);
      onClose();
    } catch {
      // Shown by the request wrapper; the dialog stays open.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      title={title}
      okText={okText ?? t('ok')}
      cancelText={t('cancel')}
      confirmLoading={saving}
      onOk={save}
      onCancel={onClose}
      destroyOnHidden
      width={width}
      okButtonProps={{ 'data-testid': okTestId }}
    >
      {intro}
      <Form<V> form={form} layout="vertical" preserve={preserve} data-testid={testId}>
        {children}
      </Form>
    </Modal>
  );
}
