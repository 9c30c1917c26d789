import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { launchChromium } from './chromium.mjs';

const ARTIFACTS = fileURLToPath(new URL('./artifacts/', import.meta.url));

/** The browser every end-to-end test drives. */
export function launchBrowser(): Promise<Browser> {
  return launchChromium();
}

/**
 * Saves a full-page screenshot as e2e/artifacts/<name>.png, once the finite animations (a menu
 * closing, colours fading to a new theme) have ended; endless ones such as spinners are ignored.
 */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  await animationsSettled(page).catch(() => undefined);
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: `${ARTIFACTS}${name}.png`, fullPage: true });
}

/** Waits (up to 5 s) until no finite animation or transition is running on the page. */
export async function animationsSettled(page: Page): Promise<void> {
  const settled = () =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity);
  await page.waitForFunction(settled, undefined, { timeout: 5_000 });
}

export interface BrowserSession {
  /** The current test's page, in a context of its own (no cookies or storage from other tests). */
  readonly page: Page;
}

/**
 * Registers hooks for one browser per file and a fresh context per test. A failing test leaves a
 * screenshot in e2e/artifacts/.
 */
export function useBrowser(): BrowserSession {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    if (!browser) throw new Error('the browser did not start');
    context = await browser.newContext({ locale: 'zh-CN' });
    // Well under the test timeout, so a missing element fails with Playwright's own clear message.
    context.setDefaultTimeout(15_000);
    page = await context.newPage();
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail' && page) {
      const name = task.name.replace(/[^\w-]+/g, '-').slice(0, 80);
      await saveScreenshot(page, name).catch(() => undefined);
    }
    await context?.close();
    context = undefined;
    page = undefined;
  });

  return {
    get page() {
      if (!page) throw new Error('no page: use the browser session inside a test');
      return page;
    },
  };
}
