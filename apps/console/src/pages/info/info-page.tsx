import { useQuery } from '@tanstack/react-query';
import { calls } from '@ws/contract';
import { callApi, showSuccess } from '@ws/web-kit/api';
import { updateUser, useSession } from '@ws/web-kit/session';
import { formatDateTime } from '@ws/web-kit/utils';
import { Button, Card, Descriptions, Form, Input, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeLabel } from '../../components/codes/code-label.js';
import { sameAs } from '../../components/form/index.js';

/**
 * /info/index: the read-only account with its tenant's plan, expiry and limits, the editable
 * nickname and a password change.
 */
export default function InfoPage() {
  const { t } = useTranslation('pages');
  return (
    <Card data-testid="info-page">
      <Tabs
        items={[
          { key: 'profile', label: t('infoProfileTab'), children: <ProfileForm /> },
          { key: 'password', label: t('infoPasswordTab'), children: <PasswordForm /> },
        ]}
      />
    </Card>
  );
}

function ProfileForm() {
  const { t } = useTranslation('pages');
  const session = useSession();
  const [busy, setBusy] = useState(false);
  const plan = useQuery({
    queryKey: ['account-plan'],
    queryFn: ({ signal }) => callApi(calls.accountPlan, { signal }),
  });
  if (!session) return null;
  const { user } = session;

  const save = async ({ nickname }: { nickname: string }) => {
    setBusy(true);
    try {
      updateUser(await callApi(calls.changeNickname, { body: { nickname }, notifySuccess: true }));
    } catch {
      // Shown by the request wrapper; the field keeps what was typed.
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Descriptions column={1} size="small" style={{ maxWidth: 520, marginBottom: 16 }}>
        <Descriptions.Item label={t('infoRole')}>
          <CodeLabel group="RoleCode" code={user.role} />
        </Descriptions.Item>
        <Descriptions.Item label={t('infoTenant')}>{user.tenant_id}</Descriptions.Item>
        {plan.data && (
          <>
            <Descriptions.Item label={t('infoPlan')}>
              <CodeLabel group="Plan" code={plan.data.plan} data-testid="info-plan" />
            </Descriptions.Item>
            <Descriptions.Item label={t('infoExpires')}>
              <span data-testid="info-expires">
                {plan.data.expires_at ? formatDateTime(plan.data.expires_at) : t('infoNever')}
                {plan.data.expired ? ` (${t('infoExpired')})` : ''}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('infoContactLimit')}>
              <span data-testid="info-contact-limit">
                {plan.data.contact_limit === null ? t('infoUnlimited') : plan.data.contact_limit.toLocaleString()}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('infoMass')}>
              <span data-testid="info-mass">
                {plan.data.mass === false ? t('infoMassRefused') : t('infoMassAllowed')}
              </span>
            </Descriptions.Item>
          </>
        )}
      </Descriptions>
      <Form
        name="profile"
        layout="vertical"
        style={{ maxWidth: 520 }}
        initialValues={{ username: user.username, nickname: user.nickname }}
        onFinish={save}
        disabled={busy}
      >
        <Form.Item name="username" label={t('infoAccount')}>
          <Input readOnly disabled />
        </Form.Item>
        <Form.Item
          name="nickname"
          label={t('infoNickname')}
          rules={[{ required: true, whitespace: true, message: t('infoNicknameRequired') }]}
        >
          <Input maxLength={32} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('infoSave')}
        </Button>
      </Form>
    </>
  );
}

function PasswordForm() {
  const { t } = useTranslation(['pages', 'shell', 'credentials']);
  const [form] = Form.useForm<{ password: string; confirm: string }>();
  const [busy, setBusy] = useState(false);

  const save = async ({ password }: { password: string }) => {
    setBusy(true);
    try {
      await callApi(calls.changePassword, { body: { password } });
      form.resetFields();
      showSuccess(t('pages:infoPasswordChanged'));
    } catch {
      // Shown by the request wrapper.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} name="password" layout="vertical" style={{ maxWidth: 520 }} onFinish={save} disabled={busy}>
      <Form.Item
        name="password"
        label={t('pages:infoNewPassword')}
        rules={[
          { required: true, message: t('credentials:passwordRequired') },
          { min: 8, message: t('credentials:passwordLength') },
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={128} />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('pages:infoConfirmPassword')}
        dependencies={['password']}
        rules={[
          { required: true, message: t('credentials:passwordRequired') },
          sameAs('password', t('pages:infoPasswordMismatch')),
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={128} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        {t('pages:infoSave')}
      </Button>
    </Form>
  );
}
