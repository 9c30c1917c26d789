import { calls, MAX_RENEW_DAYS, type NewCustomer } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { Form, Input, InputNumber, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ModalForm } from '../../components/form/index.js';
import { PlanSelect } from './customer-dialogs.js';

type Fields = z.input<typeof NewCustomer>;

/** `auth/addcustomer`: a tenant with its owner, plan, validity and limits. */
export function CustomerAddDialog({ onClose, onSaved }: { onClose(): void; onSaved(): void }) {
  const { t } = useTranslation('customers');
  return (
    <ModalForm<Fields>
      title={t('addTitle')}
      okTestId="customer-add-save"
      testId="customer-add-form"
      onClose={onClose}
      onSubmit={async (fields) => {
        await callApi(calls.addCustomer, {
          body: { ...fields, contactLimit: fields.contactLimit ?? null, days: fields.days ?? undefined },
          notifySuccess: true,
        });
        onSaved();
      }}
    >
      <Form.Item name="username" label={t('username')} rules={[{ required: true, min: 3, max: 32 }]}>
        <Input autoComplete="off" data-testid="customer-add-username" />
      </Form.Item>
      <Form.Item name="password" label={t('password')} extra={t('passwordHelp')} rules={[{ required: true, min: 8 }]}>
        <Input.Password autoComplete="new-password" data-testid="customer-add-password" />
      </Form.Item>
      <Form.Item name="plan" label={t('plan')} initialValue="standard">
        <PlanSelect data-testid="customer-add-plan" />
      </Form.Item>
      <Form.Item name="days" label={t('days')} extra={t('daysHelp')}>
        <InputNumber min={1} max={MAX_RENEW_DAYS} precision={0} data-testid="customer-add-days" />
      </Form.Item>
      <Form.Item name="contactLimit" label={t('contactLimit')} extra={t('contactLimitHelp')}>
        <InputNumber min={0} precision={0} style={{ width: 200 }} data-testid="customer-add-limit" />
      </Form.Item>
      <Form.Item name="mass" label={t('mass')} valuePropName="checked" initialValue={true}>
        <Switch />
      </Form.Item>
    </ModalForm>
  );
}
