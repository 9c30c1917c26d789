import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { animationsSettled, saveScreenshot, useBrowser } from './browser.js';
import {
  apiRegister,
  apiSignIn,
  atPath,
  chooseDropdownItem,
  computedStyle,
  confirmDialog,
  dropdownItems,
  dropdownsClosed,
  FIRST_PAGE,
  logOut,
  openSignedIn,
  pathOf,
  sideMenu,
  storedContent,
  storedItems,
  submitCredentials,
  toastTexts,
} from './console-pages.js';

const baseUrl = inject('baseUrl');
const adminPassword = inject('adminPassword');

const THEMES = ['default', 'white', 'dark', 'star', 'smart', 'iview', 'vip', 'd2', 'lte'] as const;
const WHITE = 'rgb(255, 255, 255)';
const DARK_SLATE = 'rgb(44, 54, 67)';
const DEFAULT_PRIMARY = 'rgb(41, 110, 255)';
const GREEN = 'rgb(82, 196, 26)';

const signInAdmin = async (page: Page, path?: string) =>
  openSignedIn(page, baseUrl, await apiSignIn(baseUrl, 'admin', adminPassword), path);

describe('screen lock', () => {
  const browser = useBrowser();
  const lockPage = () => browser.page.getByTestId('lock-page');
  const unlockWith = async (password: string) => {
    await browser.page.fill('#unlock_password', password);
    await browser.page.press('#unlock_password', 'Enter');
  };

  it('asks for a lock password, then keeps every route on /lock until the right one is given', async () => {
    const { page } = browser;
    const operator = await apiRegister(baseUrl);
    await openSignedIn(page, baseUrl, operator.pair, '/info/index');
    await page.getByTestId('lock-button').click();
    const dialog = page.getByTestId('lock-dialog').locator('.ant-modal');
    await dialog.locator('.ant-modal-title', { hasText: '设置锁屏密码' }).waitFor();
    // A click while the dialog still zooms in can be lost (as in confirmDialog).
    await animationsSettled(page);
    await dialog.locator('.ant-btn-primary').click();
    await dialog.locator('.ant-form-item-explain-error', { hasText: '锁屏密码不能为空' }).waitFor();
    expect(pathOf(page)).toBe('/info/index');
    await page.fill('#lock_password', 'lock-secret');
    await dialog.locator('.ant-btn-primary').click();
    await page.waitForURL(atPath('/lock'));
    await lockPage().waitFor();
    expect(await page.getByTestId('lock-user').textContent()).toBe(operator.username);
    await saveScreenshot(page, 'lock');

    await page.reload();
    await lockPage().waitFor();
    expect(pathOf(page)).toBe('/lock');
    for (const path of [FIRST_PAGE, '/info/index']) {
      await page.goto(`${baseUrl}${path}`);
      await page.waitForURL(atPath('/lock'));
      await lockPage().waitFor();
    }

    await unlockWith('wrong-secret');
    await page.locator('.ant-message-notice', { hasText: '锁屏密码错误' }).waitFor();
    expect(await page.inputValue('#unlock_password')).toBe('');
    expect(pathOf(page)).toBe('/lock');
    await unlockWith('lock-secret');
    await page.waitForURL(atPath('/info/index'));
    await page.getByTestId('info-page').waitFor();

    // The password is kept: locking again asks for nothing.
    await page.getByTestId('lock-button').click();
    await page.waitForURL(atPath('/lock'));
    await lockPage().waitFor();
  });

  it('forgets the lock on logout, so the next sign-in is not locked', async () => {
    const { page } = browser;
    const operator = await apiRegister(baseUrl);
    await openSignedIn(page, baseUrl, operator.pair);
    await page.getByTestId('lock-button').click();
    await page.fill('#lock_password', 'lock-secret');
    await page.press('#lock_password', 'Enter');
    await lockPage().waitFor();

    await page.getByTestId('lock-logout').click();
    await page.locator('.ant-modal-confirm', { hasText: '退出系统, 是否继续?' }).waitFor();
    await confirmDialog(page);
    await page.waitForURL(atPath('/login'));
    expect(await storedItems(page)).toEqual({});

    await page.getByTestId('captcha-image').first().waitFor();
    await submitCredentials(page, 'login', operator);
    await page.waitForURL(atPath(FIRST_PAGE));
    await page.goto(`${baseUrl}/info/index`);
    await page.getByTestId('info-page').waitFor();
    expect(pathOf(page)).toBe('/info/index');
    // The lock password went too: locking asks for a new one.
    await page.getByTestId('lock-button').click();
    await page.locator('#lock_password').waitFor();
  });
});

describe('theme and colour', () => {
  const browser = useBrowser();
  const shell = () => browser.page.locator('.shell');
  const chooseTheme = async (name: (typeof THEMES)[number]) => {
    const { page } = browser;
    await page.getByTestId('theme-picker').click();
    const item = dropdownItems(page).and(page.locator(`[data-theme-option="${name}"]`));
    await item.waitFor();
    // A click while the menu still slides in can be lost, leaving it open (as chooseDropdownItem).
    await animationsSettled(page);
    await item.click();
    await dropdownsClosed(page);
    await page.locator(`.shell[data-theme="${name}"]`).waitFor();
  };
  const backgrounds = async () => ({
    sider: await computedStyle(browser.page.locator('.shell-sider'), 'background-color'),
    header: await computedStyle(browser.page.locator('.shell-header'), 'background-color'),
  });

  it('paints the shell dark with the dark theme and keeps it after a reload', async () => {
    const { page } = browser;
    await signInAdmin(page);
    expect(await shell().getAttribute('data-theme')).toBe('default');
    expect(await backgrounds()).toEqual({ sider: 'rgb(32, 34, 42)', header: WHITE });
    await page.getByTestId('theme-picker').click();
    await chooseDropdownItem(page, '暗黑');
    await page.locator('.shell[data-theme="dark"]').waitFor();
    expect(await backgrounds()).toEqual({ sider: DARK_SLATE, header: DARK_SLATE });
    await page.reload();
    await page.getByTestId('side-menu').waitFor();
    expect(await shell().getAttribute('data-theme')).toBe('dark');
    expect(await backgrounds()).toEqual({ sider: DARK_SLATE, header: DARK_SLATE });
    expect(storedContent(await storedItems(page), 'theme')).toBe('dark');
  });

  it('gives each of the nine themes a look of its own', async () => {
    const { page } = browser;
    await signInAdmin(page);
    const looks = new Set<string>();
    for (const name of THEMES) {
      await chooseTheme(name);
      const { sider, header } = await backgrounds();
      looks.add(`${sider} / ${header}`);
      await saveScreenshot(page, `theme-${name}`);
    }
    expect(looks.size).toBe(THEMES.length);
    // Nine switches and full-page screenshots: 12 s alone, over 60 s on a loaded two-core CI host.
  }, 180_000);

  it('applies the chosen primary colour everywhere, the sign-in page included, and keeps it', async () => {
    const { page } = browser;
    await signInAdmin(page, '/info/index');
    const save = page.locator('#profile button[type=submit]');
    expect(await computedStyle(save, 'background-color')).toBe(DEFAULT_PRIMARY);
    await page.locator('[data-testid=color-picker] .ant-color-picker-trigger').click();
    await page
      .locator('.ant-color-picker-presets-color')
      .filter({ has: page.locator(`[style*="${GREEN}"]`) })
      .click();
    await expect.poll(() => computedStyle(shell(), '--shell-primary')).toBe('#52C41A');
    await page.keyboard.press('Escape');
    await expect.poll(() => computedStyle(save, 'background-color')).toBe(GREEN);
    expect(storedContent(await storedItems(page), 'color')).toBe('#52C41A');

    await page.reload();
    await page.getByTestId('info-page').waitFor();
    expect(await computedStyle(shell(), '--shell-primary')).toBe('#52C41A');
    expect(await computedStyle(save, 'background-color')).toBe(GREEN);

    await logOut(page);
    await page.getByTestId('captcha-image').first().waitFor();
    expect(await computedStyle(page.locator('#login button[type=submit]'), 'background-color')).toBe(GREEN);
  });
});

describe('language', () => {
  const browser = useBrowser();
  const openSwitch = async () => {
    await browser.page.getByTestId('language-switch').click();
    await dropdownItems(browser.page).first().waitFor();
  };
  const disabledItems = () =>
    dropdownItems(browser.page).and(browser.page.locator('.ant-dropdown-menu-item-disabled')).allTextContents();

  it('switches the menu and the title to English and keeps it after a reload', async () => {
    const { page } = browser;
    await signInAdmin(page);
    await openSwitch();
    expect(await dropdownItems(page).allTextContents()).toEqual(['中文', 'English']);
    expect(await disabledItems()).toEqual(['中文']);
    await chooseDropdownItem(page, 'English');
    await sideMenu(page).getByText('Number list').waitFor();
    await expect.poll(() => page.title()).toBe('Number list - WS Console');

    await page.reload();
    await sideMenu(page).getByText('Number list').waitFor();
    await expect.poll(() => page.title()).toBe('Number list - WS Console');
    expect(storedContent(await storedItems(page), 'language')).toBe('en');
    await openSwitch();
    expect(await disabledItems()).toEqual(['English']);
    // The button's tooltip (shown by the click's hover) must not lie over 中文, the first item:
    // a plain click, no force, reaches it.
    await chooseDropdownItem(page, '中文');
    await sideMenu(page).getByText('账号列表').waitFor();
  });

  it('gives the date pickers the month and weekday names of the chosen language', async () => {
    const { page } = browser;
    await signInAdmin(page, '/passenger/data');
    const picker = page.getByTestId('census-page').locator('.ant-picker-range');
    const panel = page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)');
    const openPanel = async () => {
      await picker.click();
      await panel.locator('.ant-picker-content th').first().waitFor();
    };
    const weekdays = () =>
      panel.locator('.ant-picker-date-panel').first().locator('.ant-picker-content th').allTextContents();
    await openPanel();
    expect(await weekdays()).toEqual(['一', '二', '三', '四', '五', '六', '日']);
    expect(await panel.locator('.ant-picker-month-btn').first().textContent()).toMatch(/^\d{1,2}月$/);
    await page.keyboard.press('Escape');

    await page.getByTestId('language-switch').click();
    await chooseDropdownItem(page, 'English');
    await page.locator('html[lang="en"]').waitFor({ state: 'attached' });
    await openPanel();
    expect(await weekdays()).toEqual(['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa']);
    expect(await panel.locator('.ant-picker-month-btn').first().textContent()).toMatch(/^[A-Z][a-z]{2}$/);
  });
});

describe('personal info', () => {
  const browser = useBrowser();

  it('shows the account read-only and saves a new nickname', async () => {
    const { page } = browser;
    const operator = await apiRegister(baseUrl);
    await openSignedIn(page, baseUrl, operator.pair, '/info/index');
    await page.getByTestId('info-page').waitFor();
    const account = page.locator('#profile_username');
    expect(await account.inputValue()).toBe(operator.username);
    expect(await account.isEditable()).toBe(false);
    expect(await page.getByTestId('user-menu').textContent()).toContain(operator.username);

    await page.fill('#profile_nickname', 'Night Shift');
    await page.click('#profile button[type=submit]');
    await page.locator('.ant-message-notice', { hasText: '更新成功' }).waitFor();
    expect(await toastTexts(page)).toEqual(['更新成功']);
    await expect.poll(() => page.getByTestId('user-menu').textContent()).toContain('Night Shift');
    // The server has it: the user info reloaded with the page says so too.
    await page.reload();
    await page.getByTestId('info-page').waitFor();
    expect(await page.getByTestId('user-menu').textContent()).toContain('Night Shift');
    expect(await page.inputValue('#profile_nickname')).toBe('Night Shift');
  });
});
