import type { HomeSummary } from '@ws/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { saveScreenshot, useBrowser } from './browser.js';
import { atPath, chooseDropdownItem, dropdownItems, openSignedIn, postApi, sideMenu } from './console-pages.js';
import { useDemo } from './demo.js';

const baseUrl = inject('baseUrl');
const demo = useDemo();

/** A Statistic's figure as antd shows it (thousands grouped with commas). */
const shown = (value: number) => value.toLocaleString('en-US');
const figureOf = (page: Page, testId: string) =>
  page.locator(`[data-testid=${testId}] .ant-statistic-content-value`).textContent();
const titleOf = (page: Page, testId: string) =>
  page.locator(`[data-testid=${testId}] .ant-statistic-title`).textContent();

/** The names of the statuses the demo's numbers can have, as each language shows them. */
const STATUS_NAMES = {
  zh: { CONNECTED: '已连接', DISCONNECTED: '已断开', PENDING: '待注册', FLAGGED: '已标记' },
  en: { CONNECTED: 'Connected', DISCONNECTED: 'Disconnected', PENDING: 'Pending', FLAGGED: 'Flagged' },
};

/** The figures on screen match the summary call's, under the titles of the language. */
async function expectFigures(
  page: Page,
  summary: HomeSummary,
  titles: string[],
  statusNames: Record<string, string>,
): Promise<void> {
  await expect.poll(() => figureOf(page, 'home-contacts')).toBe(shown(summary.contacts.total));
  expect(await figureOf(page, 'home-opted-in')).toBe(shown(summary.contacts.opted_in));
  expect(await figureOf(page, 'home-opted-out')).toBe(shown(summary.contacts.opted_out));
  expect(await figureOf(page, 'home-sent')).toBe(shown(summary.messages_today.sent));
  expect(await figureOf(page, 'home-received')).toBe(shown(summary.messages_today.received));
  const numbers = summary.numbers_by_status.reduce((sum, row) => sum + row.numbers, 0);
  expect(await figureOf(page, 'home-numbers-total')).toBe(shown(numbers));
  expect(await page.getByTestId('home-numbers-status').allTextContents()).toEqual(
    summary.numbers_by_status.map((row) => `${statusNames[row.status] ?? row.status} ${shown(row.numbers)}`),
  );
  const shownTitles = await Promise.all(
    ['home-contacts', 'home-opted-in', 'home-opted-out', 'home-sent', 'home-received'].map((id) => titleOf(page, id)),
  );
  expect(shownTitles).toEqual(titles);
}

describe('Home, the dashboard (/wel/index)', () => {
  const browser = useBrowser();

  it("is the menu's first entry and shows the tenant's figures, linking to their screens, in zh and en", async () => {
    const { page } = browser;
    const summary = await postApi<HomeSummary>(baseUrl, '/api/home/summary', {}, demo.access_token);
    expect(summary.numbers_by_status.length).toBeGreaterThan(0);
    expect(summary.contacts.total).toBeGreaterThan(0);

    await openSignedIn(page, baseUrl, demo);
    const first = sideMenu(page).locator('.ant-menu-root > li').first();
    expect(await first.locator('a').getAttribute('data-menu-path')).toBe('/wel/index');
    expect(await first.textContent()).toBe('首页');
    await first.locator('a').click();
    await page.waitForURL(atPath('/wel/index'));
    await page.getByTestId('home-figures').waitFor();
    await expectFigures(page, summary, ['联系人总数', '已同意', '已退订', '已发送', '已接收'], STATUS_NAMES.zh);
    await saveScreenshot(page, 'home');

    await page.getByTestId('language-switch').click();
    await dropdownItems(page).first().waitFor();
    await chooseDropdownItem(page, 'English');
    await expect.poll(() => first.textContent()).toBe('Home');
    await expectFigures(page, summary, ['Contacts', 'Opted in', 'Opted out', 'Sent', 'Received'], STATUS_NAMES.en);

    // Each card links to its screen; the contacts' total to the list.
    await page.getByTestId('home-contacts-card').locator('.ant-card-extra a').click();
    await page.waitForURL(atPath('/passenger/data'));
    await page.goto(`${baseUrl}/wel/index`);
    await page.getByTestId('home-contacts').click();
    await page.waitForURL(atPath('/passenger/list'));
  });
});
