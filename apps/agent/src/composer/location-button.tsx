import { EnvironmentOutlined } from '@ant-design/icons';
import { Button, type ButtonProps, Form, Input, InputNumber, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface LocationValues {
  latitude: number;
  longitude: number;
  name?: string;
  address?: string;
}

/** Sending a location: latitude and longitude (required, in range), a name and an address. */
export function LocationButton({ onSend }: { onSend: (location: LocationValues) => void }) {
  const { t } = useTranslation('composer');
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<LocationValues>();
  const close = () => {
    setOpen(false);
    form.resetFields();
  };
  return (
    <>
      <Button
        type="text"
        icon={<EnvironmentOutlined />}
        aria-label={t('location')}
        title={t('location')}
        data-testid="location"
        onClick={() => setOpen(true)}
      />
      <Modal
        open={open}
        title={t('locationTitle')}
        okText={t('send')}
        onCancel={close}
        onOk={() => form.submit()}
        okButtonProps={{ 'data-testid': 'location-send' } as ButtonProps}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          onFinish={(values) => {
            const text = (value?: string) => value?.trim() || undefined;
            onSend({ ...values, name: text(values.name), address: text(values.address) });
            close();
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
    </>
  );
}
