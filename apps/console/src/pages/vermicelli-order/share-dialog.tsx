import { calls, ORDER_LIMITS, SHARE_OWNER_KINDS, type ShareOwnerKind } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { NumberSelect, OwnerSelect } from '@ws/web-kit/pickers';
import { dateTimePickerFormat } from '@ws/web-kit/utils';
import { DatePicker, Form, Input, InputNumber, Modal, Radio, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCodeName } from '../../components/codes/code-label.js';

interface ShareFields {
  ownerKind: ShareOwnerKind;
  ownerUserId?: string;
  numberId?: string;
  aim: number;
  dailyAim?: number | null;
  window?: [Dayjs, Dayjs] | null;
  message: string;
}

/** Adds a share to the order (`order/addshare`): an agent's or a number's, with its aims and window. */
export function ShareDialog({ orderId, open, onClose }: { orderId: string; open: boolean; onClose(): void }) {
  const { t } = useTranslation('orders');
  const codeName = useCodeName();
  const [form] = Form.useForm<ShareFields>();
  const [saving, setSaving] = useState(false);
  const kind = Form.useWatch('ownerKind', form) ?? 'agent';
  useEffect(() => {
    if (open) form.setFieldsValue({ ownerKind: 'agent', aim: 10, dailyAim: null, window: null, message: '' });
  }, [open, form]);

  const save = async (values: ShareFields) => {
    setSaving(true);
    try {
      await callApi(calls.orderAddShare, {
        body: {
          orderId,
          ownerKind: values.ownerKind,
          ...(values.ownerKind === 'agent' ? { ownerUserId: values.ownerUserId } : { numberId: values.numberId }),
          aim: values.aim,
          dailyAim: values.dailyAim ?? null,
          message: values.message ?? '',
          ...(values.window
            ? { startsAt: values.window[0].toISOString(), endsAt: values.window[1].toISOString() }
            : {}),
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
      open={open}
      title={t('addShare')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={saving}
      okButtonProps={{ ...{ 'data-testid': 'share-save' } }}
      width={560}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(values) => void save(values)} data-testid="share-form">
        <Form.Item name="ownerKind" label={t('ownerKind')}>
          <Radio.Group
            options={SHARE_OWNER_KINDS.map((value) => ({ value, label: codeName('ShareOwnerKind', value) }))}
            data-testid="share-owner-kind"
          />
        </Form.Item>
        {kind === 'agent' ? (
          <Form.Item name="ownerUserId" label={t('agent')} rules={[{ required: true, message: t('required') }]}>
            <OwnerSelect of="contact" placeholder={t('agent')} style={{ width: 320 }} data-testid="share-agent" />
          </Form.Item>
        ) : (
          <Form.Item name="numberId" label={t('number')} rules={[{ required: true, message: t('required') }]}>
            <NumberSelect placeholder={t('number')} style={{ width: 320 }} data-testid="share-number" />
          </Form.Item>
        )}
        <Space size={16}>
          <Form.Item name="aim" label={t('aim')} rules={[{ required: true, message: t('required') }]}>
            <InputNumber min={1} max={ORDER_LIMITS.aim} precision={0} data-testid="share-aim" />
          </Form.Item>
          <Form.Item name="dailyAim" label={t('dailyAim')}>
            <InputNumber min={1} max={ORDER_LIMITS.aim} precision={0} placeholder={t('noDailyAim')} />
          </Form.Item>
        </Space>
        <Form.Item name="window" label={t('window')} extra={t('windowHint')}>
          <DatePicker.RangePicker showTime format={dateTimePickerFormat()} />
        </Form.Item>
        <Form.Item name="message" label={t('message')} extra={t('messageHint')}>
          <Input.TextArea rows={2} maxLength={ORDER_LIMITS.message} data-testid="share-message" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
