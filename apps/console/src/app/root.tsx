import { QueryClientProvider } from '@tanstack/react-query';
import { App, theme as antdTheme, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useEffect, useMemo } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { setToaster } from '../api/api-error.js';
import { useLanguage } from '../i18n/language.js';
import { useColor, useTheme } from '../shell/theme/theme-store.js';
import { THEMES } from '../shell/theme/themes.js';
import { queryClient } from './query-client.js';
import { routes } from './routes.js';

const router = createBrowserRouter(routes);

/** Providers for the whole console: theme and colour (sign-in page included), language, cache, router. */
export function Root() {
  const language = useLanguage();
  const color = useColor();
  const themeName = useTheme();
  const themeConfig = useMemo(
    () => ({
      token: { colorPrimary: color, colorLink: color },
      algorithm: THEMES[themeName].darkContent ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    }),
    [color, themeName],
  );
  return (
    <ConfigProvider theme={themeConfig} locale={language === 'zh' ? zhCN : enUS}>
      <App>
        <ToasterBridge />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </App>
    </ConfigProvider>
  );
}

/** Hands antd's context-bound message API to the request wrapper, which lives outside React. */
function ToasterBridge() {
  const { message } = App.useApp();
  useEffect(() => {
    setToaster(message);
    return () => setToaster(undefined);
  }, [message]);
  return null;
}
