import { Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Active hours as two HH:MM fields (`hoursFrom`, `hoursTo`); both empty: all day. */
export function HoursFields() {
  const { t } = useTranslation('autoReplies');
  const form = Form.useFormInstance();
  const rule = (other: string) => ({
    validator: async (_: unknown, value: string | undefined) => {
      const paired = form.getFieldValue(other) as string | undefined;
      if (!value && !paired) return;
      if (!value || !CLOCK.test(value)) throw new Error('HH:MM');
    },
  });
  return (
    <Form.Item label={t('activeHours')} extra={t('activeHoursHelp')}>
      <Space>
        <Form.Item name="hoursFrom" noStyle rules={[rule('hoursTo')]} dependencies={['hoursTo']}>
          <Input placeholder={`${t('from')} 09:00`} style={{ width: 120 }} data-testid="hours-from" />
        </Form.Item>
        –
        <Form.Item name="hoursTo" noStyle rules={[rule('hoursFrom')]} dependencies={['hoursFrom']}>
          <Input placeholder={`${t('to')} 18:00`} style={{ width: 120 }} data-testid="hours-to" />
        </Form.Item>
      </Space>
    </Form.Item>
  );
}

/** The fields' hours as the contract takes them. */
export const hoursOf = (fields: { hoursFrom?: string; hoursTo?: string }) =>
  fields.hoursFrom && fields.hoursTo ? { from: fields.hoursFrom, to: fields.hoursTo } : null;

/** How a list shows active hours. */
export const hoursText = (hours: { from: string; to: string } | null, allDay: string) =>
  hours ? `${hours.from}–${hours.to}` : allDay;
