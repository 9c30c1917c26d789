import { App, ConfigProvider, type ThemeConfig } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useEffect } from 'react';
import { setToaster } from './api/api-error.js';
import { useLanguage } from './i18n/language.js';
import { HomePage } from './pages/home/home-page.js';
import { LoginPage } from './pages/login/login-page.js';
import { navigate, usePath } from './router.js';
import { useSession } from './session/session-store.js';

/** The product's primary colour (spec: colour picker default). */
const theme: ThemeConfig = { token: { colorPrimary: '#296EFF' } };

export function Root() {
  const language = useLanguage();
  return (
    <ConfigProvider theme={theme} locale={language === 'zh' ? zhCN : enUS}>
      <App>
        <ToasterBridge />
        <Routes />
      </App>
    </ConfigProvider>
  );
}

/** Hands antd's context-bound message API to the central error handler, which lives outside React. */
function ToasterBridge() {
  const { message } = App.useApp();
  useEffect(() => {
    setToaster(message);
    return () => setToaster(undefined);
  }, [message]);
  return null;
}

/**
 * The navigation guard: signed-out visitors see /login, a signed-in visitor on /login goes to /.
 * Until the shell arrives, every other path of a signed-in user shows the home page at /.
 */
function Routes() {
  const path = usePath();
  const session = useSession();
  const target = session ? (path === '/' ? null : '/') : path === '/login' ? null : '/login';
  useEffect(() => {
    if (target) navigate(target, { replace: true });
  }, [target]);
  if (target) return null;
  return session ? <HomePage session={session} /> : <LoginPage />;
}
