import type { PageLoader } from './lazy-page.js';

/**
 * The pages that are built, by path. Every other menu path shows the "not built yet" page. Each
 * loader is its own chunk, so a route loads only its page's code.
 */
export const PAGES: Readonly<Record<string, PageLoader>> = {
  '/info/index': () => import('../pages/info/info-page.js'),
  '/wel/index': () => import('../pages/wel/welcome-page.js'),
  '/wel/dashboard': () => import('../pages/wel/dashboard-page.js'),
  '/help/index': () => import('../pages/help/help-page.js'),
};

export const NOT_BUILT_PAGE: PageLoader = () => import('../pages/not-built/not-built-page.js');
