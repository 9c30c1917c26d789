import { setLanguage, useLanguage } from '@ws/web-kit/i18n';
import { CredentialsForm } from '@ws/web-kit/session';
import { Button, Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** /client/login: the kit's sign-in form (the console's tokens and session), with the language switch. */
export function LoginPage() {
  const { t } = useTranslation('client');
  const language = useLanguage();
  const navigate = useNavigate();
  return (
    <main className="login-page" data-testid="client-login">
      <Card
        title={t('loginTitle')}
        style={{ width: 400, maxWidth: 'calc(100vw - 32px)' }}
        extra={
          <Button
            type="link"
            data-testid="language-toggle"
            onClick={() => setLanguage(language === 'zh' ? 'en' : 'zh')}
          >
            {t('switchLanguage')}
          </Button>
        }
      >
        <Typography.Paragraph type="secondary">{t('loginHint')}</Typography.Paragraph>
        <CredentialsForm mode="login" onSignedIn={() => navigate('/', { replace: true })} />
      </Card>
    </main>
  );
}
