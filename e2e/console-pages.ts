import type { Page } from 'playwright-core';

/** What the sign-in page's forms are called (their antd form names, which prefix the field ids). */
export type FormName = 'login' | 'register';

export async function openSignInPage(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByTestId('captcha-image').first().waitFor();
}

/**
 * Fills and submits one of the forms. The product runs with CAPTCHA=off, so any captcha answer
 * passes; the field is still required by the form.
 */
export async function submitCredentials(
  page: Page,
  form: FormName,
  credentials: { username: string; password: string },
): Promise<void> {
  await page.fill(`#${form}_username`, credentials.username);
  await page.fill(`#${form}_password`, credentials.password);
  await page.fill(`#${form}_capVal`, '7');
  await page.click(`#${form} button[type=submit]`);
}

/** Signs in through the form and waits for the first tab's page inside the layout. */
export async function signIn(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  await openSignInPage(page, baseUrl);
  await submitCredentials(page, 'login', { username, password });
  await page.waitForURL((url) => url.pathname === '/accountmanage/wslist');
  await page.getByTestId('side-menu').waitFor();
}

/** A stored value's content (the console keeps `{type, content, datetime}` under `ws-console-<key>`). */
export function storedContent(items: Record<string, string>, key: string): unknown {
  const raw = items[`ws-console-${key}`];
  return raw === undefined ? undefined : (JSON.parse(raw) as { content: unknown }).content;
}

/** The values (paths) of the open tabs, in order. */
export function openTabs(page: Page): Promise<string[]> {
  return page
    .locator('[data-testid=tabs-bar] [data-tab]')
    .evaluateAll((tabs) => tabs.map((tab) => tab.getAttribute('data-tab') ?? ''));
}

/** The path of the active tab. */
export function activeTab(page: Page): Promise<string | null> {
  return page.locator('[data-testid=tabs-bar] .ant-tabs-tab-active [data-tab]').getAttribute('data-tab');
}

/** Everything the console keeps in localStorage. */
export function storedItems(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => Object.fromEntries(Object.entries(localStorage)));
}

/** The texts of the toasts on screen. */
export function toastTexts(page: Page): Promise<string[]> {
  return page.locator('.ant-message-notice').allTextContents();
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}
