import { calls, type IntakeOrder, ORDER_LIMITS } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { dateTimePickerFormat } from '@ws/web-kit/utils';
import { Button, DatePicker, Drawer, Form, Input, InputNumber, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface OrderFields {
  name: string;
  totalAim: number;
  dailyAim?: number | null;
  window: [Dayjs, Dayjs];
  timeZone?: string;
}

/** The IANA zones the browser knows, for the time zone picker. */
export function useTimeZones() {
  return useMemo(() => Intl.supportedValuesOf('timeZone').map((zone) => ({ value: zone, label: zone })), []);
}

/** The create drawer: name, total and daily aims, start and end, and the time zone days are counted in. */
export function OrderFormDrawer({
  open,
  onClose,
  onSaved,
}: {
  open: boolean;
  onClose(): void;
  onSaved(order: IntakeOrder): void;
}) {
  const { t } = useTranslation('orders');
  const [form] = Form.useForm<OrderFields>();
  const [saving, setSaving] = useState(false);
  const zones = useTimeZones();

  useEffect(() => {
    if (!open) return;
    const start = dayjs().startOf('hour');
    form.setFieldsValue({ name: '', totalAim: 100, dailyAim: null, window: [start, start.add(7, 'day')] });
  }, [open, form]);

  const save = async (values: OrderFields) => {
    setSaving(true);
    try {
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
    } catch {
      // The request wrapper has shown the failure; the form stays as it was.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('create')}
      size={520}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()} data-testid="order-form-save">
            {t('save')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" onFinish={(values) => void save(values)} data-testid="order-form">
        <Form.Item name="name" label={t('name')} rules={[{ required: true, whitespace: true, message: t('required') }]}>
          <Input maxLength={ORDER_LIMITS.name} data-testid="order-form-name" />
        </Form.Item>
        <Space size={16}>
          <Form.Item name="totalAim" label={t('totalAim')} rules={[{ required: true, message: t('required') }]}>
            <InputNumber min={1} max={ORDER_LIMITS.aim} precision={0} data-testid="order-form-total-aim" />
          </Form.Item>
          <Form.Item name="dailyAim" label={t('dailyAim')}>
            <InputNumber
              min={1}
              max={ORDER_LIMITS.aim}
              precision={0}
              placeholder={t('noDailyAim')}
              data-testid="order-form-daily-aim"
            />
          </Form.Item>
        </Space>
        <Form.Item name="window" label={t('period')} rules={[{ required: true, message: t('required') }]}>
          <DatePicker.RangePicker showTime format={dateTimePickerFormat()} data-testid="order-form-window" />
        </Form.Item>
        <Form.Item name="timeZone" label={t('timeZone')} extra={t('timeZoneHint')}>
          <Select allowClear showSearch options={zones} data-testid="order-form-time-zone" />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
