import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { TokenPair } from '@ws/contract';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { animationsSettled } from './browser.js';

/** The first tab's page, where sign-in lands. */
export const FIRST_PAGE = '/accountmanage/wslist';

/** A URL test for waitForURL: the page is at this path. */
export const atPath = (path: string) => (url: URL) => url.pathname === path;

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
  await page.waitForURL(atPath(FIRST_PAGE));
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

/** Waits for a toast with the text and checks it is among those on screen. */
export async function expectToast(page: Page, text: string): Promise<void> {
  await page.locator('.ant-message-notice', { hasText: text }).first().waitFor();
  expect(await toastTexts(page)).toContain(text);
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** Posts to the API as a script would (no browser, so no captcha picture is spent) and returns the reply's data. */
export async function postApi<T>(baseUrl: string, path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  const reply = (await response.json()) as { code: number; data: T; message?: string };
  if (response.status !== 200 || reply.code !== 0) throw new Error(`${path}: ${response.status} ${reply.message}`);
  return reply.data;
}

/** A new session of an existing user, opened through the API (CAPTCHA=off needs no captcha fields). */
export function apiSignIn(baseUrl: string, username: string, password: string): Promise<TokenPair> {
  return postApi<TokenPair>(baseUrl, '/api/auth/login', { username, password });
}

export interface RegisteredOperator {
  username: string;
  password: string;
  /** The session registration opened. */
  pair: TokenPair;
}

/** Registers a fresh operator (in a tenant of its own) through the API. */
export async function apiRegister(baseUrl: string): Promise<RegisteredOperator> {
  const username = `op_${randomBytes(4).toString('hex')}`;
  const password = 'operator-pass-1';
  const pair = await postApi<TokenPair>(baseUrl, '/api/auth/register', { username, password });
  return { username, password, pair };
}

/**
 * Stores a session the way sign-in does, then opens `path` in the layout. The values are written
 * from a JSON document of the console's origin: no console runs there to react to them half-written.
 */
export async function openSignedIn(page: Page, baseUrl: string, pair: TokenPair, path = FIRST_PAGE) {
  await page.goto(`${baseUrl}/api/docs/openapi.json`);
  await page.evaluate((session) => {
    const store = (key: string, content: unknown) =>
      localStorage.setItem(
        `ws-console-${key}`,
        JSON.stringify({ type: typeof content === 'string' ? 'string' : 'object', content, datetime: Date.now() }),
      );
    store('token', session.access_token);
    store('refresh-token', session.refresh_token);
    store('user-info', session.user_info);
  }, pair);
  await page.goto(`${baseUrl}${path}`);
  await page.getByTestId('side-menu').waitFor();
}

/** Switches the console's language the way the language menu stores it, and reloads. */
export async function switchLanguage(page: Page, language: 'zh' | 'en'): Promise<void> {
  await page.evaluate(
    (content) =>
      localStorage.setItem('ws-console-language', JSON.stringify({ type: 'string', content, datetime: Date.now() })),
    language,
  );
  await page.reload();
}

/** Opens `path` signed in (see openSignedIn), in the given language. */
export async function openInLanguage(
  page: Page,
  baseUrl: string,
  pair: TokenPair,
  language: 'zh' | 'en',
  path: string,
): Promise<void> {
  await openSignedIn(page, baseUrl, pair, path);
  await switchLanguage(page, language);
  await page.getByTestId('side-menu').waitFor();
}

/** The side menu on screen (the sider, or the drawer's while it is open). */
export function sideMenu(page: Page): Locator {
  return page.locator('[data-testid=side-menu]:visible');
}

/** Opens a menu page through the side menu, unfolding its group (by its name) first when it is folded. */
export async function openFromMenu(page: Page, group: string, path: string): Promise<void> {
  const link = sideMenu(page).locator(`a[data-menu-path="${path}"]`);
  // A group still folding away (the menu keeps one group open) shows links that are about to vanish.
  await animationsSettled(page);
  if (!(await link.isVisible())) {
    await sideMenu(page).locator('.ant-menu-submenu-title', { hasText: group }).click();
    // The group unfolds while another folds away; a click on a link that is still moving can miss it.
    await animationsSettled(page);
  }
  await link.click();
  await page.waitForURL(atPath(path));
  // The page is open once its tab is active; the URL alone can change before the page renders.
  await page.locator(`[data-testid=tabs-bar] .ant-tabs-tab-active [data-tab="${path}"]`).waitFor();
}

/** The items of the dropdown menu on screen. */
export function dropdownItems(page: Page): Locator {
  return page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item');
}

/** Waits until no dropdown menu is on screen (a chosen item's menu closes with an animation). */
export async function dropdownsClosed(page: Page, timeout?: number): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('.ant-dropdown:not(.ant-dropdown-hidden)'), undefined, {
    timeout,
  });
}

/** Chooses an item of the open dropdown menu by its whole text and waits until the menu has gone. */
export async function chooseDropdownItem(page: Page, text: string): Promise<void> {
  const wholeText = new RegExp(`^${text}$`);
  const item = dropdownItems(page).filter({ hasText: wholeText });
  await item.waitFor();
  // A click while the menu still slides in can be lost, leaving it open (seen in CI under load).
  await animationsSettled(page);
  await item.click();
  const closed = await dropdownsClosed(page, 5_000).then(
    () => true,
    () => false,
  );
  if (!closed) {
    // Even a settled menu lost a click once in a loaded CI run: it stayed open and idle. Only a menu
    // that is not already sliding away is clicked again, so a slow close never chooses twice.
    const idle = page
      .locator('.ant-dropdown:not(.ant-dropdown-hidden):not([class*="-leave"]) .ant-dropdown-menu-item')
      .filter({ hasText: wholeText });
    if ((await idle.count()) > 0) await idle.first().click();
    await dropdownsClosed(page);
  }
}

/** Opens an antd Select by its test id, types `search` when given, and picks the option showing `label`. */
export async function chooseOption(page: Page, testId: string, label: string, search?: string): Promise<void> {
  await page.getByTestId(testId).click();
  if (search) await page.keyboard.type(search);
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: label }).first();
  await option.waitFor();
  // A click while the dropdown still slides in can be lost (a plan left at its default, seen under load).
  await animationsSettled(page);
  await option.click();
}

/** The registration screen's last step: the two-step PIN typed twice, then Register; waits for the end. */
export async function registerWithPin(page: Page, pin: string): Promise<void> {
  await page.getByTestId('registration-register-step').waitFor();
  await page.getByTestId('registration-pin').fill(pin);
  await page.getByTestId('registration-pin-again').fill(pin);
  await page.getByTestId('registration-register').click();
  await page.getByTestId('registration-done').waitFor();
}

/** Logs out through the user menu and its confirmation. */
export async function logOut(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await chooseDropdownItem(page, '退出登录');
  await page.locator('.ant-modal-confirm', { hasText: '退出系统, 是否继续?' }).waitFor();
  await confirmDialog(page);
  await page.waitForURL(atPath('/login'));
}

/** Presses OK in the confirmation dialog on screen, once it has finished opening. */
export async function confirmDialog(page: Page): Promise<void> {
  const ok = page.locator('.ant-modal-confirm .ant-btn-primary');
  await ok.waitFor();
  // A click while the dialog still zooms in can be lost (seen once in 8 full runs here).
  await animationsSettled(page);
  await ok.click();
}

/** A computed style property of the first element the locator finds. */
export function computedStyle(locator: Locator, property: string): Promise<string> {
  return locator.first().evaluate((element, name) => getComputedStyle(element).getPropertyValue(name).trim(), property);
}

/**
 * Picks an option of the open select inside a dialog by typing part of its text, then closes the
 * option list (a multiple select keeps it open after a pick, and it can cover the dialog's buttons).
 */
export async function pickInDialog(page: Page, typed: string, option: string = typed): Promise<void> {
  await page.keyboard.type(typed);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
  await page.locator('.ant-modal-title:visible').click();
  await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
}

/** Collects the page's uncaught errors (exceptions and unhandled rejections) from now on. */
export function recordPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * Presses a dialog's OK once the dialog has opened, then waits for a form field's validation message
 * inside the element with this test id and for its animation to end (a click during either can be lost).
 */
export async function pressOkExpectingFieldError(
  page: Page,
  okTestId: string,
  testId: string,
  text: string,
): Promise<void> {
  await animationsSettled(page);
  await page.getByTestId(okTestId).click();
  await page.locator(`[data-testid=${testId}] .ant-form-item-explain-error`, { hasText: text }).waitFor();
  await animationsSettled(page);
}

/** The lines of the CSV a click downloads (checked to start with the UTF-8 byte-order mark). */
export async function readDownloadedCsv(page: Page, click: () => Promise<void>): Promise<string[]> {
  const download = page.waitForEvent('download');
  await click();
  const file = await download;
  const csv = await readFile(await file.path(), 'utf8');
  expect(csv.startsWith('\uFEFF')).toBe(true);
  return csv.slice(1).split(/\r?\n/).filter(Boolean);
}
