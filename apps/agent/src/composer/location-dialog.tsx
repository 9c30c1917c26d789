import { type ButtonProps, Form, Input, InputNumber, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LocationValues } from './location-button.js';

/** The location form: latitude and longitude (required, in range), a name and an address. */
export default function LocationDialog({
  onSend,
  onClose,
}: {
  onSend: (location: LocationValues) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('composer');
  const [form] = Form.useForm<LocationValues>();
  return (
    <Modal
      open
      title={t('locationTitle')}
      okText={t('send')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ 'data-testid': 'location-send' } as ButtonProps}
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) => {
          const text = (value?: string) => value?.trim() || undefined;
          onSend({ ...values, name: text(values.name), address: text(values.address) });
          onClose();
        }}
      >
        <Form.Item name="latitude" label={t('latitude')} rules={[{ required: true }]}>
          <InputNumber min={-90} max={90} step={0.000001} style={{ width: '100%' }} data-testid="latitude" />
        </Form.Item>
        <Form.Item name="longitude" label={t('longitude')} rules={[{ required: true }]}>
          <InputNumber min={-180} max={180} step={0.000001} style={{ width: '100%' }} data-testid="longitude" />
        </Form.Item>
        <Form.Item name="name" label={t('locationName')} rules={[{ max: 256 }]}>
          <Input data-testid="location-name" />
        </Form.Item>
        <Form.Item name="address" label={t('address')} rules={[{ max: 1024 }]}>
          <Input data-testid="location-address" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
