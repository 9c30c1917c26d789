import type { Page as ListPage, NumberListRecord } from '@ws/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { saveScreenshot, useBrowser } from './browser.js';
import {
  confirmDialog,
  expectToast,
  openSignedIn,
  pickInDialog,
  postApi,
  pressOkExpectingFieldError,
  recordPageErrors,
} from './console-pages.js';
import { useDemo, useDemoTag } from './demo.js';

const baseUrl = inject('baseUrl');
const demo = useDemo();
// The demo tenant is shared with other tests: leave its numbers as they were.
const tag = useDemoTag(demo, 'number', '#52C41A');

/** The demo's three numbers share this prefix (15550101001..3). */
const DEMO_PHONE_PART = '555010100';

const rows = (page: Page, testId: string) => page.locator(`[data-testid=${testId}] tr.ant-table-row`);
const rowOfPhone = (page: Page, testId: string, phone: string) =>
  rows(page, testId).filter({ has: page.getByText(phone, { exact: true }) });

const demoNumbers = () =>
  postApi<ListPage<NumberListRecord>>(
    baseUrl,
    '/api/agent/list',
    { standby: false, filters: { phone: DEMO_PHONE_PART } },
    demo.access_token,
  );

describe('the numbers list and the recycle bin', () => {
  const browser = useBrowser();

  it('filters, tags the selected numbers, recycles one and restores it from the bin', async () => {
    const { page } = browser;
    const pageErrors = recordPageErrors(page);
    const expected = (await demoNumbers()).records;
    expect(expected.length).toBe(3);

    await openSignedIn(page, baseUrl, demo, '/accountmanage/wslist');
    await page.getByTestId('wslist-page').waitFor();
    await page.getByTestId('wslist-phone-filter').fill(DEMO_PHONE_PART);
    await page.getByTestId('filter-search').click();
    await expect.poll(() => rows(page, 'wslist-page').count()).toBe(3);
    const phones = await page.getByTestId('number-phone').allTextContents();
    expect(phones).toEqual(expected.map((number) => number.phone));

    // Tag the first two rows with a new tag.
    const [first, second, third] = expected as [NumberListRecord, NumberListRecord, NumberListRecord];
    for (const number of [first, second]) {
      await rowOfPhone(page, 'wslist-page', number.phone).locator('.ant-checkbox-input').check();
    }
    await expect.poll(() => page.getByTestId('selected-count').textContent()).toBe('已选 2 条');
    await page.getByTestId('batch-tags').click();
    // OK with nothing chosen says what is missing, and nothing escapes as a page error.
    await pressOkExpectingFieldError(page, 'tag-dialog-ok', 'tag-dialog', '请至少选择一个要添加或移除的标签');
    expect(pageErrors).toEqual([]);
    await page.getByTestId('tag-dialog-add').click();
    await pickInDialog(page, tag.name);
    await page.getByTestId('tag-dialog-ok').click();
    await expectToast(page, '更新成功');
    for (const number of [first, second]) {
      await rowOfPhone(page, 'wslist-page', number.phone)
        .getByTestId('number-tags')
        .getByText(tag.name, { exact: true })
        .waitFor();
    }
    expect(await rowOfPhone(page, 'wslist-page', third.phone).getByTestId('number-tags').textContent()).not.toContain(
      tag.name,
    );
    await saveScreenshot(page, 'numbers-list');

    // Move the third to the recycle bin: it leaves the list.
    await page.getByRole('button', { name: '清空选择' }).click();
    await rowOfPhone(page, 'wslist-page', third.phone).locator('.ant-checkbox-input').check();
    await page.getByTestId('batch-more').hover();
    await page.getByTestId('batch-recycle').click();
    await page.locator('.ant-modal-confirm', { hasText: '确定将选择数据删除?' }).waitFor();
    await confirmDialog(page);
    await expectToast(page, '删除成功');
    await expect.poll(() => rows(page, 'wslist-page').count()).toBe(2);

    // Restore it from the bin.
    await page.goto(`${baseUrl}/accountmanage/recycle`);
    await page.getByTestId('recycle-page').waitFor();
    const binned = rowOfPhone(page, 'recycle-page', third.phone);
    await binned.waitFor();
    await saveScreenshot(page, 'numbers-recycle-bin');
    await binned.getByTestId('recycle-restore').click();
    await expectToast(page, '更新成功');
    await binned.waitFor({ state: 'detached' });

    const after = (await demoNumbers()).records;
    expect(after.map((number) => number.id)).toEqual(expected.map((number) => number.id));
    expect(after.map((number) => number.tags.some((carried) => carried.id === tag.id))).toEqual([true, true, false]);
    expect(pageErrors).toEqual([]);
  });
});
