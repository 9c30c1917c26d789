import { ORDER_LIMITS } from '@ws/contract';
import { Form, InputNumber, Space } from 'antd';
import { useTranslation } from 'react-i18next';

/** The aim and the optional daily aim (`dailyAim`, empty: none) of a form, side by side. */
export function AimFields({
  name,
  label,
  aim,
  dailyAim = null,
  testId,
}: {
  /** The aim's field name (`totalAim`, `aim`). */
  name: string;
  label: string;
  aim: number;
  dailyAim?: number | null;
  /** Prefix of the inputs' test ids: `<testId>-aim`, `<testId>-daily-aim`. */
  testId: string;
}) {
  const { t } = useTranslation('orders');
  return (
    <Space size={16}>
      <Form.Item name={name} label={label} initialValue={aim} rules={[{ required: true, message: t('required') }]}>
        <InputNumber min={1} max={ORDER_LIMITS.aim} precision={0} data-testid={`${testId}-aim`} />
      </Form.Item>
      <Form.Item name="dailyAim" label={t('dailyAim')} initialValue={dailyAim}>
        <InputNumber
          min={1}
          max={ORDER_LIMITS.aim}
          precision={0}
          placeholder={t('noDailyAim')}
          data-testid={`${testId}-daily-aim`}
        />
      </Form.Item>
    </Space>
  );
}
