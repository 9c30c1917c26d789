import { calls, ORDER_LIMITS } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { Form, InputNumber, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface AimTarget {
  orderId: string;
  /** Absent: the order's own aims. */
  shareId?: string;
  aim: number;
  dailyAim: number | null;
}

/** Changes the aims of an order or of one of its shares (`order/setaim`); an empty daily aim removes it. */
export function AimDialog({ target, onClose }: { target: AimTarget | undefined; onClose(): void }) {
  const { t } = useTranslation('orders');
  const [form] = Form.useForm<{ aim: number; dailyAim: number | null }>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (target) form.setFieldsValue({ aim: target.aim, dailyAim: target.dailyAim });
  }, [target, form]);

  const save = async (values: { aim: number; dailyAim: number | null }) => {
    if (!target) return;
    setSaving(true);
    try {
      await callApi(calls.orderSetAim, {
        body: {
          orderId: target.orderId,
          ...(target.shareId ? { shareId: target.shareId } : {}),
          aim: values.aim,
          dailyAim: values.dailyAim ?? null,
        },
        notifySuccess: true,
      });
      onClose();
    } catch {
      // Shown by the request wrapper; the dialog stays open.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={target !== undefined}
      title={t('setAim')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={saving}
      okButtonProps={{ ...{ 'data-testid': 'aim-save' } }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(values) => void save(values)}>
        <Form.Item
          name="aim"
          label={target?.shareId ? t('aim') : t('totalAim')}
          rules={[{ required: true, message: t('required') }]}
        >
          <InputNumber min={1} max={ORDER_LIMITS.aim} precision={0} data-testid="aim-total" />
        </Form.Item>
        <Form.Item name="dailyAim" label={t('dailyAim')}>
          <InputNumber
            min={1}
            max={ORDER_LIMITS.aim}
            precision={0}
            placeholder={t('noDailyAim')}
            data-testid="aim-daily"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
