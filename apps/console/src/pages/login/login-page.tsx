import { setLanguage, useLanguage } from '@ws/web-kit/i18n';
import { CredentialsForm } from '@ws/web-kit/session';
import { Button, Card, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { settings } from '../../settings/settings.js';

/** /login: sign-in and registration side by side, with the language switch. */
export default function LoginPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const enter = () => navigate(settings.firstPage, { replace: true });
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
            { key: 'login', label: t('signInTab'), children: <CredentialsForm mode="login" onSignedIn={enter} /> },
            {
              key: 'register',
              label: t('registerTab'),
              children: <CredentialsForm mode="register" onSignedIn={enter} />,
            },
          ]}
        />
      </Card>
    </main>
  );
}
