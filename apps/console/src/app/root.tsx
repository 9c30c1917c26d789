import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient, setToaster } from '@ws/web-kit/api';
import { App } from 'antd';
import { useEffect } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ConsoleConfig } from './console-config.js';
import { routes } from './routes.js';

const router = createBrowserRouter(routes);

/** Providers for the whole console: theme and colour (sign-in page included), language, cache, router. */
export function Root() {
  return (
    <ConsoleConfig>
      <ToasterBridge />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ConsoleConfig>
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
