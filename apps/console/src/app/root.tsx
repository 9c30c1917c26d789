import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient, ToasterBridge } from '@ws/web-kit/api';
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
