import { randomBytes } from 'node:crypto';
import type { AddedEgressIps, IpGroup } from '@ws/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { animationsSettled, saveScreenshot, useBrowser } from './browser.js';
import { openSignedIn, postApi, switchLanguage } from './console-pages.js';
import { useDemo } from './demo.js';

const baseUrl = inject('baseUrl');
const demo = useDemo();

/** How far the table inside `testId` overflows its frame (0 when every column fits). */
const overflowOf = (page: Page, testId: string) =>
  page
    .locator(`[data-testid=${testId}] .ant-table-content`)
    .evaluate((frame) => Math.max(0, frame.scrollWidth - frame.clientWidth));

const headerTexts = (page: Page, testId: string) => page.locator(`[data-testid=${testId}] thead th`).allTextContents();

/** Shows (or hides) a column through the list's column picker. */
async function toggleColumn(page: Page, testId: string, column: string): Promise<void> {
  await page.locator(`[data-testid=${testId}] [data-testid=column-picker]`).click();
  await animationsSettled(page);
  await page.locator(`.ant-popover:visible [data-testid=column-choice-${column}]`).click();
  await page.keyboard.press('Escape');
}

describe('list columns at 1440×900', () => {
  const browser = useBrowser();
  const suffix = randomBytes(3).toString('hex');
  // My IPs with what makes a row wide: a group, credentials, a long remark, a failed check with its error.
  let group: IpGroup;
  let ips: AddedEgressIps;
  beforeAll(async () => {
    group = await postApi<IpGroup>(
      baseUrl,
      '/api/ip/groupadd',
      { scope: 'own', name: `e2e-columns-${suffix}` },
      demo.access_token,
    );
    ips = await postApi<AddedEgressIps>(
      baseUrl,
      '/api/ip/ipadd',
      {
        scope: 'own',
        // Nothing listens on the loopback's port 19: the check fails at once, with an error.
        host: '127.0.0.1',
        port: 19,
        username: `columns-${suffix}-proxy-user`,
        password: 'secret',
        groupId: group.id,
        remark: 'A proxy kept for the columns test, with a remark long enough to need an ellipsis in its cell',
      },
      demo.access_token,
    );
    await postApi(baseUrl, '/api/ip/efip', { scope: 'own', ids: ips.ids }, demo.access_token);
  });
  afterAll(async () => {
    await postApi(baseUrl, '/api/ip/ipdel', { scope: 'own', ids: ips.ids }, demo.access_token);
    await postApi(baseUrl, '/api/ip/groupdel', { scope: 'own', ids: [group.id] }, demo.access_token);
  });

  it('fits the number list without scrolling in both languages; the picker shows a hidden column and remembers it', async () => {
    const { page } = browser;
    const firstRow = page.locator('[data-testid=wslist-page] tr.ant-table-row').first();
    await page.setViewportSize({ width: 1440, height: 900 });
    await openSignedIn(page, baseUrl, demo, '/accountmanage/wslist');
    await switchLanguage(page, 'en');
    await firstRow.waitFor();
    await saveScreenshot(page, 'wslist-1440-en');
    expect(await overflowOf(page, 'wslist-page')).toBe(0);
    await switchLanguage(page, 'zh');
    await firstRow.waitFor();
    await saveScreenshot(page, 'wslist-1440');
    expect(await overflowOf(page, 'wslist-page')).toBe(0);

    expect(await headerTexts(page, 'wslist-page')).not.toContain('出口 IP');
    await toggleColumn(page, 'wslist-page', 'egress_ip');
    await expect.poll(() => headerTexts(page, 'wslist-page')).toContain('出口 IP');
    await page.reload();
    await page.locator('[data-testid=wslist-page] tr.ant-table-row').first().waitFor();
    expect(await headerTexts(page, 'wslist-page')).toContain('出口 IP');
  });

  it('fits My IPs without scrolling in both languages', async () => {
    const { page } = browser;
    const checked = page.locator('[data-testid=ip-table] [data-testid=ip-check-result]').first();
    await page.setViewportSize({ width: 1440, height: 900 });
    await openSignedIn(page, baseUrl, demo, '/ipmanager/myip');
    await checked.waitFor();
    await saveScreenshot(page, 'my-ip-1440');
    expect(await overflowOf(page, 'ip-table')).toBe(0);
    await switchLanguage(page, 'en');
    await checked.waitFor();
    await saveScreenshot(page, 'my-ip-1440-en');
    expect(await overflowOf(page, 'ip-table')).toBe(0);
  });
});
