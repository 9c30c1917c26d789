import { useSyncExternalStore } from 'react';

/**
 * A tiny router over the History API: the console needs only a handful of paths until the
 * shell arrives, which does not justify a routing library.
 */
const NAVIGATED = 'ws-console:navigated';

function subscribe(listener: () => void) {
  window.addEventListener('popstate', listener);
  window.addEventListener(NAVIGATED, listener);
  return () => {
    window.removeEventListener('popstate', listener);
    window.removeEventListener(NAVIGATED, listener);
  };
}

const currentPath = () => window.location.pathname;

export function navigate(path: string, options: { replace?: boolean } = {}): void {
  if (path === currentPath()) return;
  if (options.replace) window.history.replaceState(null, '', path);
  else window.history.pushState(null, '', path);
  window.dispatchEvent(new Event(NAVIGATED));
}

export function usePath(): string {
  return useSyncExternalStore(subscribe, currentPath);
}
