import { calls, type Tag, type TagKind } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { ColorPicker, type ColorPickerProps, Form, Input } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type EditDialogProps, ModalForm } from '../../components/form/index.js';

/** The colour the picker hands to its onChange. */
type PickedColor = Parameters<NonNullable<ColorPickerProps['onChange']>>[0];

/** The spec's default colour, offered for new tags. */
const DEFAULT_COLOR = '#296EFF';

interface TagFields {
  name: string;
  color?: string | undefined;
  remark: string;
}

/**
 * The add / edit dialog of a tag: name, colour and remark. `editing` undefined with `open` adds a
 * tag of `kind`; a tag edits that tag. Calls `onSaved` after the server accepted it.
 */
export function TagFormModal({ kind, open, editing, onClose, onSaved }: { kind: TagKind } & EditDialogProps<Tag>) {
  const { t } = useTranslation('tags');
  const [form] = Form.useForm<TagFields>();

  useEffect(() => {
    if (!open) return;
    // A tag without a colour leaves the picker empty, and keeps none unless one is picked.
    form.setFieldsValue(
      editing
        ? { name: editing.name, color: editing.color || undefined, remark: editing.remark }
        : { name: '', color: DEFAULT_COLOR, remark: '' },
    );
  }, [open, editing, form]);

  const save = async (fields: TagFields) => {
    if (editing) await callApi(calls.tagEdit, { body: { id: editing.id, ...fields }, notifySuccess: true });
    else await callApi(calls.tagAdd, { body: { kind, ...fields }, notifySuccess: true });
    onSaved();
  };

  return (
    <ModalForm<TagFields>
      open={open}
      form={form}
      title={editing ? t('editTitle') : t('addTitle')}
      okText={t('save')}
      onSubmit={save}
      onClose={onClose}
      preserve={false}
      testId="tag-form"
      okTestId="tag-form-save"
    >
      <Form.Item
        name="name"
        label={t('name')}
        rules={[
          { required: true, whitespace: true, message: t('nameRequired') },
          { max: 64, message: t('nameTooLong') },
        ]}
      >
        <Input maxLength={64} autoFocus data-testid="tag-form-name" />
      </Form.Item>
      <Form.Item
        name="color"
        label={t('color')}
        getValueFromEvent={(color: PickedColor) => color.toHexString().toUpperCase()}
      >
        <ColorPicker disabledAlpha showText format="hex" data-testid="tag-form-color" />
      </Form.Item>
      <Form.Item name="remark" label={t('remark')} rules={[{ max: 255, message: t('remarkTooLong') }]}>
        <Input.TextArea maxLength={255} rows={3} data-testid="tag-form-remark" />
      </Form.Item>
    </ModalForm>
  );
}
