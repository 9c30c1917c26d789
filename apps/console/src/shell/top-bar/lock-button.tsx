import { LockOutlined } from '@ant-design/icons';
import { Button, Form, Input, Modal, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { lockActions } from '../lock/lock-store.js';

/** Locks the screen; without a lock password it first asks for one (required). */
export function LockButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [asking, setAsking] = useState(false);
  const [form] = Form.useForm<{ password: string }>();

  const lock = () => {
    lockActions.lock(location.pathname + location.search);
    void navigate('/lock', { replace: true });
  };
  const onClick = () => (lockActions.hasPassword() ? lock() : setAsking(true));
  const submit = async ({ password }: { password: string }) => {
    await lockActions.setPassword(password);
    setAsking(false);
    form.resetFields();
    lock();
  };

  return (
    <>
      <Tooltip title={t('lock')} placement="bottom">
        <Button
          type="text"
          className="shell-header-button"
          aria-label={t('lock')}
          data-testid="lock-button"
          icon={<LockOutlined />}
          onClick={onClick}
        />
      </Tooltip>
      <Modal
        open={asking}
        title={t('setLockPassword')}
        okText={t('lock')}
        cancelText={t('cancel')}
        onOk={() => form.submit()}
        onCancel={() => setAsking(false)}
        destroyOnHidden
        data-testid="lock-dialog"
      >
        <Form form={form} name="lock" layout="vertical" onFinish={submit} preserve={false}>
          <Form.Item
            name="password"
            label={t('lockPassword')}
            rules={[{ required: true, message: t('lockPasswordRequired') }]}
          >
            <Input.Password autoFocus autoComplete="off" maxLength={64} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
