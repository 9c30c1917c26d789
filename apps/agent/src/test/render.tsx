// The seat client's texts first, so components render in the language the test sets.
import '../i18n/i18n.js';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Language } from '@ws/contract';
import { setLanguage } from '@ws/web-kit/i18n';
import { signInForTest } from '@ws/web-kit/testing';
import { App } from 'antd';
import { act, type ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, vi } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const unmounts: (() => void)[] = [];
afterEach(() => {
  for (const unmount of unmounts.splice(0)) unmount();
  vi.unstubAllGlobals();
});

/**
 * Renders `element` signed in, in `language`, inside antd's App (its modals and messages) with a
 * fresh query cache; the API answered by `fetch`. Unmounted after the test.
 */
export async function renderSignedIn(
  element: ReactElement,
  { language, fetch }: { language: Language; fetch?: typeof globalThis.fetch },
): Promise<HTMLElement> {
  setLanguage(language);
  signInForTest();
  if (fetch) vi.stubGlobal('fetch', fetch);
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    root.render(
      <App>
        <QueryClientProvider client={client}>{element}</QueryClientProvider>
      </App>,
    );
  });
  unmounts.push(() => {
    act(() => root.unmount());
    host.remove();
  });
  return host;
}

/** Waits for an assertion to hold, React's updates applied between tries. */
export const until = (assertion: () => void) => act(() => vi.waitFor(assertion, { timeout: 5_000 }));
