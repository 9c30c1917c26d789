import { Navigate, type RouteObject } from 'react-router';
import { RouteGuard, type RouteMeta } from './route-guard.js';

/** The seat client's routes, under /client/ (the router's basename): sign-in, and the workspace with its open conversation. */
export const routes: RouteObject[] = [
  {
    element: <RouteGuard />,
    // Nothing to show while the first route's code loads; the page appears as soon as it has.
    hydrateFallbackElement: <div />,
    children: [
      {
        path: '/login',
        lazy: async () => ({ Component: (await import('../pages/login/login-page.js')).LoginPage }),
        handle: { isAuth: false } satisfies RouteMeta,
      },
      {
        path: '/',
        lazy: async () => ({ Component: (await import('../workspace/workspace-layout.js')).WorkspaceLayout }),
        children: [
          {
            index: true,
            lazy: async () => ({ Component: (await import('../workspace/no-conversation.js')).NoConversation }),
          },
          {
            path: 'c/:conversationId',
            lazy: async () => ({ Component: (await import('../workspace/conversation-route.js')).ConversationRoute }),
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
