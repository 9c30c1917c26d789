import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Language } from '@ws/contract';
import { act, type ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, type Mock, vi } from 'vitest';
import '../i18n/i18n.js';
import { setLanguage } from '@ws/web-kit/i18n';
import { signInForTest } from '@ws/web-kit/testing';

// React's act() warnings are for test environments that declare it.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface TestRoot {
  /** The element the test renders into; a new one for each test. */
  readonly host: HTMLElement;
  /** Renders `element` with a fresh query client (no retries), React's updates applied. */
  render(element: ReactElement): Promise<void>;
}

/**
 * Sets up every test of the file (call it in the file or a describe): the language, a signed-in
 * operator, `fetch` answered by the given mock (cleared first), and a React root in the document;
 * all undone after each test.
 */
export function setUpTestRoot({ language, fetch }: { language: Language; fetch: Mock }): TestRoot {
  let root: Root;
  let host: HTMLElement;
  beforeEach(() => {
    setLanguage(language);
    signInForTest();
    fetch.mockClear();
    vi.stubGlobal('fetch', fetch);
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
  });
  afterEach(() => {
    act(() => root.unmount());
    host.remove();
    vi.unstubAllGlobals();
  });
  return {
    get host() {
      return host;
    },
    async render(element) {
      const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      await act(async () => {
        root.render(<QueryClientProvider client={client}>{element}</QueryClientProvider>);
      });
    },
  };
}

/**
 * Waits for an assertion to hold, with React's updates applied on the way. The wait is long (a
 * condition, not a timing: it ends as soon as the assertion holds) because on a loaded machine a
 * lazily loaded page can take seconds to render.
 */
export const settle = (assertion: () => void) => act(() => vi.waitFor(assertion, { timeout: 10_000 }));

/**
 * Waits for an assertion, applying React's updates between tries. `settle`'s one act() holds back
 * the updates made while it waits until it ends; this suits what lands after a few ticks (a form's
 * validation messages after a click).
 */
export async function until(assertion: () => void, tries = 400): Promise<void> {
  for (let tried = 1; ; tried += 1) {
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    try {
      assertion();
      return;
    } catch (error) {
      if (tried >= tries) throw error;
    }
  }
}

/** Types into an input the way React notices (its value setter, then an input event). */
export async function typeInto(input: HTMLInputElement | HTMLTextAreaElement, text: string): Promise<void> {
  await act(async () => {
    const prototype = input instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** A one-page list reply holding `records`, as a list call answers it. */
export const onePage = (records: unknown[]) => ({
  total: records.length,
  size: 10,
  current: 1,
  pages: 1,
  total_capped: false,
  records,
});
