import { type CustomerRow, calls, MAX_GRACE_DAYS, MAX_RENEW_DAYS, PLANS } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { App, Checkbox, Form, Input, InputNumber, Select, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeLabel } from '../../components/codes/code-label.js';
import { ModalForm } from '../../components/form/index.js';

/** The dialogs of a customer row; each changes one thing through its call. */
export type CustomerAction = 'password' | 'limits' | 'renew' | 'credit' | 'settings' | 'clear' | 'delete';

export interface CustomerDialogProps {
  customer: CustomerRow;
  onClose(): void;
  onSaved(): void;
}

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

export function PlanSelect(props: { value?: string; onChange?(value: string): void; 'data-testid'?: string }) {
  return (
    <Select
      {...props}
      style={{ width: 200 }}
      options={PLANS.map((plan) => ({ value: plan, label: <CodeLabel group="Plan" code={plan} /> }))}
    />
  );
}

function PasswordDialog({ customer, onClose, onSaved }: CustomerDialogProps) {
  const { t } = useTranslation('customers');
  return (
    <ModalForm<{ password: string }>
      title={t('resetPasswordTitle', { name: customer.username })}
      intro={t('resetPasswordHelp')}
      okTestId="customer-password-save"
      onClose={onClose}
      onSubmit={async ({ password }) => {
        await callApi(calls.resetCustomerPassword, {
          body: { tenantId: customer.tenant_id, password },
          notifySuccess: true,
        });
        onSaved();
      }}
    >
      <Form.Item name="password" label={t('password')} extra={t('passwordHelp')} rules={[{ required: true, min: 8 }]}>
        <Input.Password autoComplete="new-password" data-testid="customer-password" />
      </Form.Item>
    </ModalForm>
  );
}

interface LimitFields {
  contactLimit: number | null;
  mass: boolean;
  plan: string;
}

function LimitsDialog({ customer, onClose, onSaved }: CustomerDialogProps) {
  const { t } = useTranslation('customers');
  const [form] = Form.useForm<LimitFields>();
  useEffect(() => {
    void callApi(calls.getCustomer, { query: { tenantId: customer.tenant_id } }).then((details) =>
      form.setFieldsValue({ contactLimit: details.contact_limit, mass: details.mass, plan: details.plan }),
    );
  }, [customer.tenant_id, form]);
  const save = async (fields: LimitFields) => {
    const tenantId = customer.tenant_id;
    await callApi(calls.customerContactLimit, { body: { tenantId, limit: fields.contactLimit ?? null } });
    await callApi(calls.customerMass, { body: { tenantId, mass: fields.mass } });
    await callApi(calls.customerPlan, {
      body: { tenantId, plan: fields.plan as CustomerRow['plan'] },
      notifySuccess: true,
    });
    onSaved();
  };
  return (
    <ModalForm<LimitFields>
      form={form}
      title={t('limitsTitle', { name: customer.username })}
      okTestId="customer-limits-save"
      onClose={onClose}
      onSubmit={save}
    >
      <Form.Item name="plan" label={t('plan')} rules={[{ required: true }]}>
        <PlanSelect data-testid="customer-plan" />
      </Form.Item>
      <Form.Item name="contactLimit" label={t('contactLimit')} extra={t('contactLimitHelp')}>
        <InputNumber min={0} precision={0} style={{ width: 200 }} data-testid="customer-contact-limit" />
      </Form.Item>
      <Form.Item name="mass" label={t('mass')} extra={t('massHelp')} valuePropName="checked">
        <Switch data-testid="customer-mass" />
      </Form.Item>
    </ModalForm>
  );
}

function RenewDialog({ customer, onClose, onSaved }: CustomerDialogProps) {
  const { t } = useTranslation('customers');
  return (
    <ModalForm<{ days: number }>
      title={t('renewTitle', { name: customer.username })}
      intro={t('renewHelp')}
      okTestId="customer-renew-save"
      onClose={onClose}
      onSubmit={async ({ days }) => {
        await callApi(calls.renewCustomer, { body: { tenantId: customer.tenant_id, days }, notifySuccess: true });
        onSaved();
      }}
    >
      <Form.Item
        name="days"
        label={t('renewDays')}
        rules={[{ required: true, message: t('required') }]}
        initialValue={30}
      >
        <InputNumber min={1} max={MAX_RENEW_DAYS} precision={0} data-testid="customer-renew-days" />
      </Form.Item>
    </ModalForm>
  );
}

/** `auth/charge` (the wallet's call): credits money; the request id makes a retried save post once. */
function CreditDialog({ customer, onClose, onSaved }: CustomerDialogProps) {
  const { t } = useTranslation('customers');
  const [requestId] = useState(() => crypto.randomUUID());
  return (
    <ModalForm<{ amount: string; remark?: string }>
      title={t('creditTitle', { name: customer.username })}
      okTestId="customer-credit-save"
      onClose={onClose}
      onSubmit={async ({ amount, remark }) => {
        await callApi(calls.charge, {
          body: { tenantId: customer.tenant_id, amount, requestId, remark: remark ?? '' },
          notifySuccess: true,
        });
        onSaved();
      }}
    >
      <Form.Item
        name="amount"
        label={t('amount')}
        extra={t('amountHelp')}
        rules={[{ required: true, pattern: /^\d+(\.\d{1,6})?$/, message: t('amountHelp') }]}
      >
        <Input style={{ width: 200 }} data-testid="customer-credit-amount" />
      </Form.Item>
      <Form.Item name="remark" label={t('remark')}>
        <Input maxLength={255} />
      </Form.Item>
    </ModalForm>
  );
}

interface SettingFields {
  force: boolean;
  readReceipts: boolean;
}

function SettingsDialog({ customer, onClose, onSaved }: CustomerDialogProps) {
  const { t } = useTranslation('customers');
  const [form] = Form.useForm<SettingFields>();
  useEffect(() => {
    const query = { tenantId: customer.tenant_id };
    void Promise.all([callApi(calls.getForce, { query }), callApi(calls.getReadReceipts, { query })]).then(
      ([force, receipts]) => form.setFieldsValue({ force: force.force, readReceipts: receipts.read_receipts }),
    );
  }, [customer.tenant_id, form]);
  const save = async (fields: SettingFields) => {
    const tenantId = customer.tenant_id;
    await callApi(calls.setForce, { body: { tenantId, force: fields.force } });
    await callApi(calls.setReadReceipts, {
      body: { tenantId, readReceipts: fields.readReceipts },
      notifySuccess: true,
    });
    onSaved();
  };
  return (
    <ModalForm<SettingFields>
      form={form}
      title={t('settingsTitle', { name: customer.username })}
      okTestId="customer-settings-save"
      onClose={onClose}
      onSubmit={save}
    >
      <Form.Item name="force" label={t('forceTranslate')} extra={t('forceTranslateHelp')} valuePropName="checked">
        <Switch data-testid="customer-force" />
      </Form.Item>
      <Form.Item name="readReceipts" label={t('readReceipts')} extra={t('readReceiptsHelp')} valuePropName="checked">
        <Switch data-testid="customer-read-receipts" />
      </Form.Item>
    </ModalForm>
  );
}

function ClearDialog({ customer, onClose, onSaved }: CustomerDialogProps) {
  const { t } = useTranslation('customers');
  const { message } = App.useApp();
  return (
    <ModalForm<{ before: string }>
      title={t('clearMessagesTitle', { name: customer.username })}
      intro={<Typography.Text type="warning">{t('clearMessagesHelp')}</Typography.Text>}
      okTestId="customer-clear-save"
      onClose={onClose}
      onSubmit={async ({ before }) => {
        const purge = await callApi(calls.clearMessages, { body: { tenantId: customer.tenant_id, before } });
        void message.success(t('clearStarted', { run: purge.run_no }));
        onSaved();
      }}
    >
      <Form.Item
        name="before"
        label={t('before')}
        rules={[{ required: true, pattern: CALENDAR_DAY, message: t('beforeFormat') }]}
      >
        <Input type="date" style={{ width: 200 }} data-testid="customer-clear-before" />
      </Form.Item>
    </ModalForm>
  );
}

function DeleteDialog({ customer, onClose, onSaved }: CustomerDialogProps) {
  const { t } = useTranslation('customers');
  return (
    <ModalForm<{ graceDays: number; exportData: boolean }>
      title={t('deleteTitle', { name: customer.username })}
      intro={<Typography.Text type="danger">{t('deleteHelp')}</Typography.Text>}
      okTestId="customer-delete-save"
      onClose={onClose}
      onSubmit={async (fields) => {
        await callApi(calls.deleteCustomer, {
          body: { tenantId: customer.tenant_id, graceDays: fields.graceDays, exportData: fields.exportData === true },
          notifySuccess: true,
        });
        onSaved();
      }}
    >
      <Form.Item name="graceDays" label={t('graceDays')} initialValue={7} rules={[{ required: true }]}>
        <InputNumber min={0} max={MAX_GRACE_DAYS} precision={0} data-testid="customer-grace-days" />
      </Form.Item>
      <Form.Item name="exportData" valuePropName="checked" initialValue={true}>
        <Checkbox data-testid="customer-export">{t('exportData')}</Checkbox>
      </Form.Item>
    </ModalForm>
  );
}

const DIALOGS: Record<CustomerAction, (props: CustomerDialogProps) => React.ReactNode> = {
  password: PasswordDialog,
  limits: LimitsDialog,
  renew: RenewDialog,
  credit: CreditDialog,
  settings: SettingsDialog,
  clear: ClearDialog,
  delete: DeleteDialog,
};

/** The open dialog of a customer row, or nothing. */
export function CustomerDialog({ action, ...props }: CustomerDialogProps & { action: CustomerAction }) {
  const Dialog = DIALOGS[action];
  return <Dialog {...props} />;
}
