import { calls, Username } from '@ws/contract';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../api/client.js';
import { startSession } from './session-commands.js';
import { useCaptcha } from './use-captcha.js';

export type CredentialsMode = 'login' | 'register';

interface CredentialsValues {
  username: string;
  password: string;
  capVal: string;
}

/**
 * Sign-in and registration share their fields; registration only asks for a longer password.
 * Every front end signs in with it (the same tokens and session); `onSignedIn` goes on to the app.
 */
export function CredentialsForm({ mode, onSignedIn }: { mode: CredentialsMode; onSignedIn(): Promise<void> | void }) {
  const { t } = useTranslation('credentials');
  const [form] = Form.useForm<CredentialsValues>();
  const { captcha, refresh } = useCaptcha();
  const [busy, setBusy] = useState(false);

  const submit = async (values: CredentialsValues) => {
    setBusy(true);
    try {
      const body = {
        username: values.username,
        password: values.password,
        capVal: values.capVal,
        capId: captcha?.capId,
      };
      const pair = await callApi(mode === 'login' ? calls.login : calls.register, { body });
      startSession(pair);
      await onSignedIn();
    } catch {
      // The API client has shown the error and nothing was stored. A captcha answers once, so get a new one.
      form.setFieldValue('capVal', '');
      void refresh();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} name={mode} layout="vertical" requiredMark={false} onFinish={submit} disabled={busy}>
      <Form.Item
        name="username"
        label={t('username')}
        rules={[
          { required: true, whitespace: true, message: t('usernameRequired') },
          {
            // The contract's own rule, so the form refuses exactly what the server would.
            validator: (_rule, value: string | undefined) =>
              !value || Username.safeParse(value).success
                ? Promise.resolve()
                : Promise.reject(new Error(t('usernameFormat'))),
          },
        ]}
      >
        <Input autoComplete="username" maxLength={32} />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('password')}
        rules={[
          { required: true, message: t('passwordRequired') },
          ...(mode === 'register' ? [{ min: 8, message: t('passwordLength') }] : []),
        ]}
      >
        <Input.Password autoComplete={mode === 'login' ? 'current-password' : 'new-password'} maxLength={128} />
      </Form.Item>
      <Form.Item label={t('captcha')} required>
        <div style={{ display: 'flex', gap: 8 }}>
          <Form.Item
            name="capVal"
            noStyle
            rules={[{ required: true, whitespace: true, message: t('captchaRequired') }]}
          >
            <Input autoComplete="off" maxLength={16} />
          </Form.Item>
          <button
            type="button"
            onClick={() => void refresh()}
            title={t('captchaHint')}
            aria-label={t('captchaHint')}
            style={{ padding: 0, border: 'none', background: 'none', cursor: 'pointer', height: 32, width: 120 }}
          >
            {captcha ? (
              <img
                data-testid="captcha-image"
                src={captcha.image}
                alt={t('captcha')}
                style={{ height: 32, width: 120 }}
              />
            ) : (
              <span style={{ display: 'block', height: 32, background: '#f0f0f0' }} />
            )}
          </button>
        </div>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy}>
        {mode === 'login' ? t('signIn') : t('register')}
      </Button>
    </Form>
  );
}
