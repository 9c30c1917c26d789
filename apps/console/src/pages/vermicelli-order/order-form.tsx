import { calls, type IntakeOrder, ORDER_LIMITS } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { dateTimePickerFormat } from '@ws/web-kit/utils';
import { DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalForm } from '../../components/form/modal-form.js';
import { AimFields } from './aim-fields.js';

interface OrderFields {
  name: string;
  totalAim: number;
  dailyAim?: number | null;
  window: [Dayjs, Dayjs];
  timeZone?: string;
}

/** The create dialog: name, total and daily aims, start and end, and the time zone days are counted in. */
export function OrderFormDialog({ onClose, onSaved }: { onClose(): void; onSaved(order: IntakeOrder): void }) {
  const { t } = useTranslation('orders');
  const zones = useMemo(() => Intl.supportedValuesOf('timeZone').map((zone) => ({ value: zone, label: zone })), []);
  const start = dayjs().startOf('hour');

  return (
    <ModalForm<OrderFields>
      title={t('create')}
      width={560}
      testId="order-form"
      okTestId="order-form-save"
      onClose={onClose}
      onSubmit={async (values) => {
        const order = await callApi(calls.orderCreate, {
          body: {
            name: values.name,
            totalAim: values.totalAim,
            dailyAim: values.dailyAim ?? null,
            startsAt: values.window[0].toISOString(),
            endsAt: values.window[1].toISOString(),
            ...(values.timeZone ? { timeZone: values.timeZone } : {}),
          },
          notifySuccess: true,
        });
        onSaved(order);
      }}
    >
      <Form.Item name="name" label={t('name')} rules={[{ required: true, whitespace: true, message: t('required') }]}>
        <Input maxLength={ORDER_LIMITS.name} data-testid="order-form-name" />
      </Form.Item>
      <AimFields name="totalAim" label={t('totalAim')} aim={100} testId="order-form" />
      <Form.Item
        name="window"
        label={t('period')}
        initialValue={[start, start.add(7, 'day')]}
        rules={[{ required: true, message: t('required') }]}
      >
        <DatePicker.RangePicker showTime format={dateTimePickerFormat()} data-testid="order-form-window" />
      </Form.Item>
      <Form.Item name="timeZone" label={t('timeZone')} extra={t('timeZoneHint')}>
        <Select allowClear showSearch options={zones} data-testid="order-form-time-zone" />
      </Form.Item>
    </ModalForm>
  );
}
