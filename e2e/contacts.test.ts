import { readFile } from 'node:fs/promises';
import type { ContactRecord, Page as ListPage } from '@ws/contract';
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
// The demo tenant is shared with other tests: the tag goes again (one contact stays deleted).
const tag = useDemoTag(demo, 'contact', '#FA8C16');

/** Ten demo contacts (wa_ids 15550200120..129). */
const WA_ID_PART = '1555020012';

const rows = (page: Page) => page.locator('[data-testid=contact-list-page] tr.ant-table-row');
const rowOf = (page: Page, waId: string | null) =>
  rows(page).filter({ has: page.getByTestId('contact-wa-id').getByText(`+${waId}`, { exact: true }) });

const contacts = (filters: object) =>
  postApi<ListPage<ContactRecord>>(baseUrl, '/api/friend/list', { pageSize: 50, filters }, demo.access_token);

describe('the contact list (/passenger/list)', () => {
  const browser = useBrowser();

  it('filters, tags the selection, deletes one after the confirmation and exports with progress', async () => {
    const { page } = browser;
    const pageErrors = recordPageErrors(page);
    const expected = (await contacts({ search: WA_ID_PART })).records;
    expect(expected.length).toBe(10);

    await openSignedIn(page, baseUrl, demo, '/passenger/list');
    await page.getByTestId('contact-list-page').waitFor();
    await rows(page).first().waitFor();
    await page.getByTestId('contact-search').fill(WA_ID_PART);
    await page.getByTestId('filter-search').click();
    await expect.poll(() => rows(page).count()).toBe(10);
    expect(await page.getByTestId('contact-wa-id').allTextContents()).toEqual(
      expected.map((contact) => `+${contact.wa_id}`),
    );

    // Tag the first three.
    const [first, second, third, fourth] = expected as [ContactRecord, ContactRecord, ContactRecord, ContactRecord];
    for (const contact of [first, second, third]) {
      await rowOf(page, contact.wa_id).locator('.ant-checkbox-input').check();
    }
    await expect.poll(() => page.getByTestId('selected-count').textContent()).toBe('已选 3 条');
    await page.getByTestId('batch-tag').click();
    // OK with nothing chosen says what is missing, and nothing escapes as a page error.
    await pressOkExpectingFieldError(page, 'contact-tag-dialog-ok', 'contact-tag-dialog', '请选择要添加或移除的标签');
    expect(pageErrors).toEqual([]);
    await page.getByTestId('contact-tag-add').click();
    await pickInDialog(page, tag.name);
    await page.getByTestId('contact-tag-dialog-ok').click();
    await expectToast(page, '更新成功');
    for (const contact of [first, second, third]) {
      await rowOf(page, contact.wa_id).getByTestId('contact-tags').getByText(tag.name, { exact: true }).waitFor();
    }
    expect(await rowOf(page, fourth.wa_id).getByTestId('contact-tags').textContent()).not.toContain(tag.name);
    expect((await contacts({ tagId: tag.id })).records.map((contact) => contact.id)).toEqual(
      [first, second, third].map((contact) => contact.id),
    );
    await saveScreenshot(page, 'contact-list');

    // Delete the fourth, after the confirmation.
    await page.getByRole('button', { name: '清空选择' }).click();
    await rowOf(page, fourth.wa_id).locator('.ant-checkbox-input').check();
    await page.getByTestId('batch-delete').click();
    await page.locator('.ant-modal-confirm', { hasText: '确定将选择数据删除?' }).waitFor();
    await confirmDialog(page);
    await expectToast(page, '删除成功');
    await expect.poll(() => rows(page).count()).toBe(9);
    expect(await rowOf(page, fourth.wa_id).count()).toBe(0);

    // Export what the filter matches: progress while it streams, then the file.
    const download = page.waitForEvent('download');
    await page.getByTestId('contact-export-filtered').click();
    await page.getByTestId('download-progress').first().waitFor();
    const file = await download;
    await page.locator('.ant-notification-notice', { hasText: '导出完成' }).waitFor();
    expect(await page.getByTestId('download-rows').first().textContent()).toBe('已接收 9 行');
    expect(file.suggestedFilename()).toMatch(/^contacts-\d{8}-\d{6}\.csv$/);
    const path = await file.path();
    const csv = await readFile(path, 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\n').filter(Boolean);
    expect(lines[0]?.startsWith('WhatsApp 号,名称,所属号码')).toBe(true);
    // The export keeps the order the scan finds rows in, so the rows are compared as a set.
    expect(
      lines
        .slice(1)
        .map((line) => line.split(',')[0])
        .sort(),
    ).toEqual(
      expected
        .filter((contact) => contact.id !== fourth.id)
        .map((contact) => contact.wa_id)
        .sort(),
    );
    expect(pageErrors).toEqual([]);
  });
});
