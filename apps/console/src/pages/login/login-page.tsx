import { setLanguage, useLanguage } from '@ws/web-kit/i18n';
import { Button, Card, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CredentialsForm } from './credentials-form.js';

/** /login: sign-in and registration side by side, with the language switch. */
export default function LoginPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <main className="login-page">
      <Card
        title={t('title')}
        style={{ width: 400, maxWidth: 'calc(100vw - 32px)' }}
        extra={
          <Button
            type="link"
            data-testid="language-toggle"
            onClick={() => setLanguage(language === 'zh' ? 'en' : 'zh')}
          >
            {language === 'zh' ? 'English' : '中文'}
          </Button>
        }
      >
        <Typography.Paragraph type="secondary">{t('loginSlogan')}</Typography.Paragraph>
        <Tabs
          items={[
            { key: 'login', label: t('signInTab'), children: <CredentialsForm mode="login" /> },
            { key: 'register', label: t('registerTab'), children: <CredentialsForm mode="register" /> },
          ]}
        />
      </Card>
    </main>
  );
}
