import { Button, Card, Tabs } from 'antd';
import { setLanguage, useLanguage } from '../../i18n/language.js';
import { useTexts } from '../../i18n/texts.js';
import { CredentialsForm } from './credentials-form.js';

export function LoginPage() {
  const t = useTexts();
  const language = useLanguage();
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#f5f7fa' }}>
      <Card
        title={t.title}
        style={{ width: 400, maxWidth: 'calc(100vw - 32px)' }}
        extra={
          <Button
            type="link"
            data-testid="language-toggle"
            onClick={() => setLanguage(language === 'zh' ? 'en' : 'zh')}
          >
            {t.switchLanguage}
          </Button>
        }
      >
        <Tabs
          items={[
            { key: 'login', label: t.signInTab, children: <CredentialsForm mode="login" /> },
            { key: 'register', label: t.registerTab, children: <CredentialsForm mode="register" /> },
          ]}
        />
      </Card>
    </main>
  );
}
