import { AGENT_CAP_MAX, type AgentSettings, calls } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { userName } from '@ws/web-kit/list';
import { NumberMultiSelect } from '@ws/web-kit/pickers';
import { Form, InputNumber } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type EditDialogProps, ModalForm } from '../../components/form/index.js';

interface AgentFields {
  numberIds: string[];
  maxOpen: number;
}

/** Sets the numbers an agent serves and its cap; `onSaved` runs once the server accepted it. */
export function AgentSettingsDialog({ open, editing, onClose, onSaved }: EditDialogProps<AgentSettings>) {
  const { t } = useTranslation('seats');
  const [form] = Form.useForm<AgentFields>();

  useEffect(() => {
    if (open && editing) {
      form.setFieldsValue({ numberIds: editing.numbers.map((number) => number.id), maxOpen: editing.max_open });
    }
  }, [open, editing, form]);

  if (!editing) return null;
  const save = async (fields: AgentFields) => {
    await callApi(calls.inboxAgentSet, {
      body: { userId: editing.user.id, numberIds: fields.numberIds ?? [], maxOpen: fields.maxOpen },
      notifySuccess: true,
    });
    onSaved();
  };

  return (
    <ModalForm<AgentFields>
      open={open}
      form={form}
      title={t('editTitle', { name: userName(editing.user) })}
      okText={t('save')}
      onSubmit={save}
      onClose={onClose}
      preserve={false}
      testId="seat-form"
      okTestId="seat-form-save"
    >
      <Form.Item name="numberIds" label={t('numbers')} extra={t('numbersHelp')}>
        <NumberMultiSelect
          style={{ width: '100%' }}
          known={editing.numbers.map((number) => ({
            value: number.id,
            label: number.verified_name ? `${number.phone} (${number.verified_name})` : number.phone,
          }))}
          data-testid="seat-form-numbers"
        />
      </Form.Item>
      <Form.Item
        name="maxOpen"
        label={t('cap')}
        extra={t('capHelp')}
        rules={[{ required: true, type: 'integer', min: 0, max: AGENT_CAP_MAX, message: t('capRequired') }]}
      >
        <InputNumber min={0} max={AGENT_CAP_MAX} precision={0} data-testid="seat-form-cap" />
      </Form.Item>
    </ModalForm>
  );
}
