import { calls, ORDER_LIMITS, SHARE_OWNER_KINDS, type ShareOwnerKind } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { NumberSelect, OwnerSelect } from '@ws/web-kit/pickers';
import { dateTimePickerFormat } from '@ws/web-kit/utils';
import { DatePicker, Form, Input, Radio } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useCodeName } from '../../components/codes/code-label.js';
import { ModalForm } from '../../components/form/modal-form.js';
import { AimFields } from './aim-fields.js';

interface ShareFields {
  ownerKind: ShareOwnerKind;
  ownerUserId?: string;
  numberId?: string;
  aim: number;
  dailyAim?: number | null;
  window?: [Dayjs, Dayjs] | null;
  message?: string;
}

/** Adds a share to the order (`order/addshare`): an agent's or a number's, with its aims, window and message. */
export function ShareDialog({ orderId, open, onClose }: { orderId: string; open: boolean; onClose(): void }) {
  const { t } = useTranslation('orders');
  const codeName = useCodeName();
  const [form] = Form.useForm<ShareFields>();
  const kind = Form.useWatch('ownerKind', form) ?? 'agent';

  return (
    <ModalForm<ShareFields>
      open={open}
      title={t('addShare')}
      form={form}
      width={560}
      testId="share-form"
      okTestId="share-save"
      onClose={onClose}
      onSubmit={(values) =>
        callApi(calls.orderAddShare, {
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
        })
      }
    >
      <Form.Item name="ownerKind" label={t('ownerKind')} initialValue="agent">
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
      <AimFields name="aim" label={t('aim')} aim={10} testId="share" />
      <Form.Item name="window" label={t('window')} extra={t('windowHint')}>
        <DatePicker.RangePicker showTime format={dateTimePickerFormat()} />
      </Form.Item>
      <Form.Item name="message" label={t('message')} extra={t('messageHint')}>
        <Input.TextArea rows={2} maxLength={ORDER_LIMITS.message} data-testid="share-message" />
      </Form.Item>
    </ModalForm>
  );
}
