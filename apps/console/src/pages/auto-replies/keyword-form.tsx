import { COOLDOWN_MAX_SECONDS, calls, KEYWORD_LENGTH_MAX, type KeywordRule, MATCH_MODES } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { NumberMultiSelect } from '@ws/web-kit/pickers';
import { Form, Input, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { CodeLabel } from '../../components/codes/code-label.js';
import { type EditDialogProps, ModalForm } from '../../components/form/index.js';
import { useFilledForm } from './filled-form.js';
import { HoursFields, hoursOf } from './hours-fields.js';
import { MaterialPicker } from './material-picker.js';

interface Fields {
  name: string;
  keywords: string[];
  matchMode: KeywordRule['match_mode'];
  numberIds: string[];
  materialId: string | null;
  hoursFrom?: string;
  hoursTo?: string;
  priority: number;
  cooldownSeconds: number;
  enabled: boolean;
}

function fieldsOf(rule: KeywordRule | undefined): Fields {
  if (!rule) {
    return {
      name: '',
      keywords: [],
      matchMode: 'contains',
      numberIds: [],
      materialId: null,
      priority: 0,
      cooldownSeconds: 0,
      enabled: true,
    };
  }
  return {
    name: rule.name,
    keywords: rule.keywords,
    matchMode: rule.match_mode,
    numberIds: rule.number_ids,
    materialId: rule.material.id,
    ...(rule.active_hours ? { hoursFrom: rule.active_hours.from, hoursTo: rule.active_hours.to } : {}),
    priority: rule.priority,
    cooldownSeconds: rule.cooldown_seconds,
    enabled: rule.enabled,
  };
}

/** Adds a keyword rule, or edits `editing`. */
export function KeywordForm({ open, editing, onClose, onSaved }: EditDialogProps<KeywordRule>) {
  const { t } = useTranslation('autoReplies');
  const form = useFilledForm(open, editing, fieldsOf);
  const save = async (fields: Fields) => {
    const body = {
      name: fields.name,
      keywords: fields.keywords,
      matchMode: fields.matchMode,
      numberIds: fields.numberIds ?? [],
      materialId: fields.materialId as string,
      activeHours: hoursOf(fields),
      priority: fields.priority ?? 0,
      cooldownSeconds: fields.cooldownSeconds ?? 0,
      enabled: fields.enabled,
    };
    if (editing) await callApi(calls.keywordEdit, { body: { ...body, id: editing.id }, notifySuccess: true });
    else await callApi(calls.keywordAdd, { body, notifySuccess: true });
    onSaved();
  };
  return (
    <ModalForm<Fields>
      open={open}
      form={form}
      title={editing ? t('editTitle') : t('addTitle')}
      okText={t('save')}
      onSubmit={save}
      onClose={onClose}
      width={640}
      testId="keyword-form"
      okTestId="keyword-form-save"
    >
      <Form.Item name="name" label={t('name')} rules={[{ required: true, whitespace: true, message: t('nameRule') }]}>
        <Input maxLength={64} autoFocus data-testid="keyword-form-name" />
      </Form.Item>
      <Form.Item name="matchMode" label={t('matchMode')}>
        <Select
          options={MATCH_MODES.map((mode) => ({ value: mode, label: <CodeLabel group="MatchMode" code={mode} /> }))}
          data-testid="keyword-form-mode"
        />
      </Form.Item>
      <Form.Item
        name="keywords"
        label={t('keywords')}
        extra={t('keywordsHelp')}
        rules={[{ required: true, type: 'array', min: 1, message: t('keywordsRule') }]}
      >
        <Select mode="tags" open={false} maxLength={KEYWORD_LENGTH_MAX} data-testid="keyword-form-keywords" />
      </Form.Item>
      <Form.Item name="materialId" label={t('material')} rules={[{ required: true, message: t('materialRule') }]}>
        <MaterialPicker known={editing?.material ?? null} testId="keyword-form-material" />
      </Form.Item>
      <Form.Item name="numberIds" label={t('numbers')}>
        <NumberMultiSelect placeholder={t('numbersAll')} data-testid="keyword-form-numbers" />
      </Form.Item>
      <HoursFields />
      <Form.Item name="priority" label={t('priority')} extra={t('priorityHelp')}>
        <InputNumber min={-1000} max={1000} precision={0} />
      </Form.Item>
      <Form.Item name="cooldownSeconds" label={t('cooldown')} extra={t('cooldownHelp')}>
        <InputNumber min={0} max={COOLDOWN_MAX_SECONDS} precision={0} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="enabled" label={t('enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </ModalForm>
  );
}
