import { calls } from '@ws/contract';
import { Button, Card, Typography } from 'antd';
import { useEffect } from 'react';
import { callApi } from '../../api/client.js';
import { useTexts } from '../../i18n/texts.js';
import { navigate } from '../../router.js';
import { clearSession, type Session, updateUser } from '../../session/session-store.js';

/** A plain signed-in page until the console shell (menu, tabs, themes) replaces it. */
export function HomePage({ session }: { session: Session }) {
  const t = useTexts();
  const { user } = session;

  // Confirms the stored token with the server: a revoked or expired one signs the user out (401).
  useEffect(() => {
    const controller = new AbortController();
    callApi(calls.userInfo, { signal: controller.signal }).then(updateUser, () => undefined);
    return () => controller.abort();
  }, []);

  const signOut = () => {
    clearSession();
    navigate('/login', { replace: true });
  };

  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#f5f7fa' }}>
      <Card title={t.title} style={{ width: 480, maxWidth: 'calc(100vw - 32px)' }}>
        <Typography.Paragraph data-testid="signed-in">
          {t.signedInAs} <strong data-testid="user-nickname">{user.nickname}</strong> ({t.role}{' '}
          <span data-testid="user-role">{user.role}</span>, {t.tenant}{' '}
          <span data-testid="user-tenant">{user.tenant_id}</span>)
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary">{t.shellComing}</Typography.Paragraph>
        <Button data-testid="sign-out" onClick={signOut}>
          {t.signOut}
        </Button>
      </Card>
    </main>
  );
}
