import { Navigate, type RouteObject } from 'react-router';
import { MENU } from '../menu/menu.js';
import { leavesOf, PARAMETER_ROUTES } from '../menu/menu-access.js';
import { type PageLoader, withChunkTimeout } from './lazy-page.js';
import { NOT_BUILT_PAGE, PAGES } from './pages.js';
import { RouteErrorPage } from './route-error-page.js';
import { RouteGuard } from './route-guard.js';

/** Route meta (kept in the route's `handle`): whether it needs a sign-in, whether it opens a tab. */
export interface RouteMeta {
  isAuth?: boolean;
  isTab?: boolean;
}

const lazyPage = (load: PageLoader) => async () => ({ Component: (await withChunkTimeout(load)()).default });

const publicPage = (path: string, load: PageLoader): RouteObject => ({
  path,
  lazy: lazyPage(load),
  handle: { isAuth: false, isTab: false } satisfies RouteMeta,
});

const menuRoutes: RouteObject[] = leavesOf(MENU)
  .filter((leaf) => !leaf.url)
  .map((leaf) => ({
    path: PARAMETER_ROUTES.has(leaf.path) ? `${leaf.path}/:param?` : leaf.path,
    lazy: lazyPage(PAGES[leaf.path] ?? NOT_BUILT_PAGE),
  }));

const firstLeafUnder = (prefix: string) =>
  leavesOf(MENU).find((leaf) => !leaf.url && leaf.path.startsWith(`${prefix}/`))?.path ?? '/404';

/**
 * Each group's own path leads to its default page, and so does every other first path segment
 * (`/wel`, `/info`, ...) to the first page under it.
 */
const groupRedirects: RouteObject[] = [
  ...MENU.filter((node) => node.children).map((group) => ({
    path: group.path,
    element: <Navigate to={group.defaultPath ?? '/'} replace />,
  })),
  ...[...new Set(leavesOf(MENU).map((leaf) => `/${leaf.path.split('/')[1]}`))]
    .filter((prefix) => !MENU.some((group) => group.path === prefix))
    .map((prefix) => ({ path: prefix, element: <Navigate to={firstLeafUnder(prefix)} replace /> })),
];

/** Every route of the console: public pages, then the signed-in layout with the menu's pages. */
export const routes: RouteObject[] = [
  {
    element: <RouteGuard />,
    errorElement: <RouteErrorPage />,
    // Nothing to show while the first route's code loads; the page appears as soon as it has.
    hydrateFallbackElement: <div />,
    children: [
      publicPage('/login', () => import('../pages/login/login-page.js')),
      publicPage('/lock', () => import('../pages/lock/lock-page.js')),
      publicPage('/403', () => import('../pages/errors/forbidden-page.js')),
      publicPage('/404', () => import('../pages/errors/not-found-page.js')),
      publicPage('/500', () => import('../pages/errors/server-error-page.js')),
      {
        lazy: async () => ({ Component: (await import('../shell/layout/shell-layout.js')).ShellLayout }),
        children: [
          { path: '/', element: <Navigate to="/accountmanage" replace /> },
          ...groupRedirects,
          ...menuRoutes,
          {
            path: '/myiframe/:routerPath',
            lazy: lazyPage(() => import('../pages/iframe/iframe-page.js')),
            handle: { isAuth: false } satisfies RouteMeta,
          },
        ],
      },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];
