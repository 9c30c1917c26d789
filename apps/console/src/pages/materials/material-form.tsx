import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  AUTO_DELAY_MAX_SECONDS,
  AUTO_STEPS_MAX,
  calls,
  MATERIAL_BUTTON_TITLE_MAX,
  MATERIAL_BUTTONS_MAX,
  MATERIAL_FILE_KINDS,
  MATERIAL_TYPES,
  type Material,
  type MaterialInput,
  type MaterialType,
  QUICK_REPLY_TEXT_MAX,
} from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { Button, Form, Input, InputNumber, Select, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeLabel } from '../../components/codes/code-label.js';
import { type EditDialogProps, ModalForm } from '../../components/form/index.js';
import { type FileValue, MaterialFileField } from './material-file-field.js';
import { useMaterialChoices, useMaterialTags } from './material-queries.js';

interface Fields {
  title: string;
  tagId?: string | null;
  text?: string;
  file?: FileValue;
  card?: { name: string; phones: string[]; email?: string; company?: string; title?: string; url?: string };
  buttons?: { title: string }[];
  steps?: { tp: MaterialType; materialId: string; delaySeconds: number }[];
}

const CAPTIONED: readonly MaterialType[] = ['img', 'video', 'word'];

function fieldsOf(material: Material | undefined): Partial<Fields> {
  if (!material) return { title: '', buttons: [], steps: [] };
  return {
    title: material.title,
    tagId: material.tag?.id ?? null,
    text: material.text,
    ...(material.file ? { file: material.file } : {}),
    ...(material.card ? { card: material.card } : {}),
    buttons: material.buttons,
    steps: material.steps.map((step) => ({
      tp: step.tp,
      materialId: step.material_id,
      delaySeconds: step.delay_seconds,
    })),
  };
}

/** The call's body for the type: only the fields the type has. */
function inputOf(tp: MaterialType, fields: Fields): MaterialInput {
  const common = { title: fields.title, tagId: fields.tagId ?? null };
  const upload = fields.file?.url ?? '';
  const text = fields.text ?? '';
  switch (tp) {
    case 'text':
      return { tp, ...common, text };
    case 'img':
    case 'video':
    case 'word':
      return { tp, ...common, upload, text };
    case 'audio':
      return { tp, ...common, upload };
    case 'card':
      return { tp, ...common, card: fields.card as NonNullable<Fields['card']> } as MaterialInput;
    case 'auto':
      return {
        tp,
        ...common,
        steps: (fields.steps ?? []).map(({ materialId, delaySeconds }) => ({ materialId, delaySeconds })),
      };
    case 'imgtext':
      return { tp, ...common, upload, text, buttons: fields.buttons ?? [] };
  }
}

function StepMaterial({ name }: { name: number }) {
  const { t } = useTranslation('materials');
  const form = Form.useFormInstance<Fields>();
  const tp = Form.useWatch(['steps', name, 'tp'], form);
  const choices = useMaterialChoices(tp);
  return (
    <Space align="baseline" wrap>
      <Form.Item name={[name, 'tp']} rules={[{ required: true, message: t('stepRule') }]}>
        <Select
          style={{ width: 140 }}
          onChange={() => form.setFieldValue(['steps', name, 'materialId'], undefined)}
          options={MATERIAL_TYPES.filter((type) => type !== 'auto').map((type) => ({
            value: type,
            label: <CodeLabel group="MaterialType" code={type} />,
          }))}
          data-testid="material-step-type"
        />
      </Form.Item>
      <Form.Item name={[name, 'materialId']} rules={[{ required: true, message: t('stepRule') }]}>
        <Select
          style={{ width: 200 }}
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('stepMaterial')}
          loading={choices.isFetching}
          options={(choices.data?.records ?? []).map((material) => ({ value: material.id, label: material.title }))}
          data-testid="material-step-material"
        />
      </Form.Item>
      <Form.Item name={[name, 'delaySeconds']} initialValue={0}>
        <InputNumber min={0} max={AUTO_DELAY_MAX_SECONDS} addonAfter={t('stepDelay')} style={{ width: 180 }} />
      </Form.Item>
    </Space>
  );
}

/** Adds a material of the tab's type, or edits `editing`; the type's own fields. */
export function MaterialForm({
  tp,
  open,
  editing,
  onClose,
  onSaved,
}: EditDialogProps<Material> & { tp: MaterialType }) {
  const { t } = useTranslation('materials');
  const [form] = Form.useForm<Fields>();
  const tags = useMaterialTags();
  useEffect(() => {
    if (open) form.setFieldsValue(fieldsOf(editing));
  }, [open, editing, form]);
  const save = async (fields: Fields) => {
    const input = inputOf(tp, fields);
    if (editing) await callApi(calls.materialEdit, { body: { ...input, id: editing.id }, notifySuccess: true });
    else await callApi(calls.materialAdd, { body: input, notifySuccess: true });
    onSaved();
  };
  const required = (message: string) => [{ required: true, whitespace: true, message }];
  return (
    <ModalForm<Fields>
      open={open}
      form={form}
      title={editing ? t('editTitle') : t('addTitle')}
      okText={t('save')}
      onSubmit={save}
      onClose={onClose}
      width={640}
      testId="material-form"
      okTestId="material-form-save"
    >
      {tp === 'text' ? (
        <Form.Item
          name="title"
          label={t('shortcut')}
          extra={t('shortcutHelp')}
          rules={[{ required: true, whitespace: true, pattern: /^[^\s/]+$/, message: t('shortcutRule') }]}
        >
          <Input maxLength={64} prefix="/" autoFocus data-testid="material-form-title" />
        </Form.Item>
      ) : (
        <Form.Item name="title" label={t('materialTitle')} rules={required(t('titleRule'))}>
          <Input maxLength={64} autoFocus data-testid="material-form-title" />
        </Form.Item>
      )}
      <Form.Item name="tagId" label={t('tag')}>
        <Select
          allowClear
          placeholder={t('noTag')}
          options={(tags.data ?? []).map((tag) => ({ value: tag.id, label: tag.name }))}
          data-testid="material-form-tag"
        />
      </Form.Item>
      {MATERIAL_FILE_KINDS[tp] && (
        <Form.Item name="file" label={t('file')} rules={[{ required: true, message: t('fileRule') }]}>
          <MaterialFileField tp={tp} />
        </Form.Item>
      )}
      {tp === 'text' && (
        <Form.Item name="text" label={t('text')} rules={required(t('textRule'))}>
          <Input.TextArea maxLength={QUICK_REPLY_TEXT_MAX} rows={4} showCount data-testid="material-form-text" />
        </Form.Item>
      )}
      {CAPTIONED.includes(tp) && (
        <Form.Item name="text" label={t('caption')}>
          <Input.TextArea maxLength={1024} rows={2} showCount data-testid="material-form-text" />
        </Form.Item>
      )}
      {tp === 'imgtext' && (
        <>
          <Form.Item name="text" label={t('body')} rules={required(t('textRule'))}>
            <Input.TextArea maxLength={1024} rows={3} showCount data-testid="material-form-text" />
          </Form.Item>
          <Form.List name="buttons">
            {(items, { add, remove }) => (
              <Form.Item label={t('buttons')}>
                {items.map((item) => (
                  <Space key={item.key} align="baseline">
                    <Form.Item name={[item.name, 'title']} rules={required(t('buttonRule'))}>
                      <Input maxLength={MATERIAL_BUTTON_TITLE_MAX} />
                    </Form.Item>
                    <MinusCircleOutlined onClick={() => remove(item.name)} />
                  </Space>
                ))}
                {items.length < MATERIAL_BUTTONS_MAX && (
                  <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ title: '' })}>
                    {t('addButton')}
                  </Button>
                )}
              </Form.Item>
            )}
          </Form.List>
        </>
      )}
      {tp === 'card' && (
        <>
          <Form.Item name={['card', 'name']} label={t('cardName')} rules={required(t('titleRule'))}>
            <Input maxLength={100} data-testid="material-card-name" />
          </Form.Item>
          <Form.Item
            name={['card', 'phones']}
            label={t('cardPhones')}
            extra={t('cardPhonesHelp')}
            rules={[{ required: true, type: 'array', min: 1, message: t('cardPhonesRule') }]}
          >
            <Select mode="tags" open={false} tokenSeparators={[',', ' ']} data-testid="material-card-phones" />
          </Form.Item>
          <Form.Item name={['card', 'email']} label={t('cardEmail')}>
            <Input maxLength={254} />
          </Form.Item>
          <Form.Item name={['card', 'company']} label={t('cardCompany')}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name={['card', 'title']} label={t('cardTitle')}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name={['card', 'url']} label={t('cardUrl')}>
            <Input maxLength={500} placeholder="https://" />
          </Form.Item>
        </>
      )}
      {tp === 'auto' && (
        <Form.List name="steps">
          {(items, { add, remove }) => (
            <Form.Item label={t('steps')}>
              {items.map((item) => (
                <Space key={item.key} align="baseline">
                  <StepMaterial name={item.name} />
                  <MinusCircleOutlined onClick={() => remove(item.name)} />
                </Space>
              ))}
              {items.length < AUTO_STEPS_MAX && (
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  onClick={() => add({ tp: 'text', delaySeconds: 0 })}
                  data-testid="material-step-add"
                >
                  {t('addStep')}
                </Button>
              )}
            </Form.Item>
          )}
        </Form.List>
      )}
    </ModalForm>
  );
}
