import { LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { useSession } from '@ws/web-kit/session';
import { App, Avatar, Button, Card, Form, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useConfirmLogout } from '../../session/use-confirm-logout.js';
import { lockActions } from '../../shell/lock/lock-store.js';

/** /lock: the user's name and the lock password; also a way out through logout. */
export default function LockPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const logout = useConfirmLogout();
  const navigate = useNavigate();
  const session = useSession();
  const [form] = Form.useForm<{ password: string }>();
  const [busy, setBusy] = useState(false);
  const name = session ? session.user.nickname || session.user.username : '';

  const unlock = async ({ password }: { password: string }) => {
    setBusy(true);
    try {
      if (await lockActions.unlock(password)) {
        await navigate(lockActions.returnPath(), { replace: true });
      } else {
        form.setFieldValue('password', '');
        void message.error(t('lockPasswordWrong'));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="login-page" data-testid="lock-page">
      <Card style={{ width: 360, maxWidth: 'calc(100vw - 32px)', textAlign: 'center' }}>
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Avatar size={64} icon={<LockOutlined />} style={{ background: 'var(--ant-color-primary, #296EFF)' }} />
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="lock-user">
            {name}
          </Typography.Title>
          <Typography.Text type="secondary">{t('locked')}</Typography.Text>
          <Form form={form} name="unlock" onFinish={unlock} disabled={busy}>
            <Form.Item name="password" rules={[{ required: true, message: t('lockPasswordRequired') }]}>
              <Input.Password autoFocus placeholder={t('lockPassword')} autoComplete="off" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block icon={<UnlockOutlined />} loading={busy}>
              {t('unlock')}
            </Button>
          </Form>
          <Button type="link" onClick={logout} data-testid="lock-logout">
            {t('logout')}
          </Button>
        </Space>
      </Card>
    </main>
  );
}
