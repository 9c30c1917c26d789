import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient, ToasterBridge } from '@ws/web-kit/api';
import { ANTD_LOCALES, useLanguage } from '@ws/web-kit/i18n';
import { App, ConfigProvider } from 'antd';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { routes } from './routes.js';

/** Served at /client/: every route of the app is under it. */
export const BASENAME = '/client';

const router = createBrowserRouter(routes, { basename: BASENAME });

/** Providers for the whole seat client: antd in the chosen language, the query cache, the router. */
export function Root() {
  const language = useLanguage();
  return (
    <ConfigProvider locale={ANTD_LOCALES[language]} theme={{ token: { colorPrimary: '#296eff' } }}>
      <App>
        <ToasterBridge />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </App>
    </ConfigProvider>
  );
}
