import { inject, it } from 'vitest';
import { useBrowser } from './browser.js';
import { signIn } from './console-pages.js';

const baseUrl = inject('baseUrl');
const adminPassword = inject('adminPassword');
const browser = useBrowser();

it('probe', async () => {
  const { page } = browser;
  await signIn(page, baseUrl, 'admin', adminPassword);
  await page.getByTestId('theme-picker').click();
  await page.locator('.ant-dropdown-menu-item').first().waitFor();
  console.log('THEME', await page.locator('.ant-dropdown').last().evaluate((e) => e.outerHTML.slice(0, 1500)));
  await page.keyboard.press('Escape');
  await page.locator('[data-testid=color-picker] .ant-color-picker-trigger').click();
  await page.locator('.ant-color-picker-presets-color').first().waitFor();
  console.log('COLOR', await page.locator('.ant-color-picker-presets').evaluate((e) => e.outerHTML.slice(0, 3000)));
  await page.keyboard.press('Escape');
  await page.getByTestId('menu-search-button').click();
  await page.getByTestId('menu-search-input').waitFor();
  console.log('SEARCH', await page.locator('.ant-modal-root').last().evaluate((e) => e.outerHTML.slice(0, 2000)));
  await page.keyboard.press('Escape');
  await page.getByTestId('lock-button').click();
  await page.locator('#lock_password').waitFor();
  console.log('LOCK', await page.locator('.ant-modal-root').last().evaluate((e) => e.outerHTML.slice(0, 2500)));
  await page.keyboard.press('Escape');
  console.log('TABS', await page.getByTestId('tabs-bar').evaluate((e) => e.outerHTML.slice(0, 2500)));
  await page.setViewportSize({ width: 800, height: 900 });
  await page.getByTestId('menu-toggle').click();
  await page.waitForTimeout(800);
  console.log('DRAWER', await page.locator('.ant-drawer').evaluate((e) => e.outerHTML.slice(0, 1500)));
  console.log('MENU', await page.getByTestId('side-menu').last().evaluate((e) => e.outerHTML.slice(0, 2500)));
});
