import { randomBytes } from 'node:crypto';
import type { CensusTotals, Tag } from '@ws/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { saveScreenshot, useBrowser } from './browser.js';
import { confirmDialog, expectToast, openSignedIn, postApi } from './console-pages.js';
import { useDemo } from './demo.js';

const baseUrl = inject('baseUrl');
const demo = useDemo();

const contactTags = () => postApi<Tag[]>(baseUrl, '/api/tag/all', { kind: 'contact' }, demo.access_token);

/** The tag table's row of a tag name. */
const rowOf = (page: Page, name: string) =>
  page.locator('[data-testid=tag-table-contact] tr.ant-table-row', {
    has: page.locator('[data-testid=tag-name]', { hasText: new RegExp(`^${name}$`) }),
  });

describe('contact tags (/passenger/fanTag)', () => {
  const browser = useBrowser();

  it('adds, edits and deletes a contact tag, with the counts of the demo tags', async () => {
    const { page } = browser;
    await openSignedIn(page, baseUrl, demo, '/passenger/fanTag');
    await page.getByTestId('contact-tags-page').waitFor();
    // The demo's VIP tag is on every ninth of its 300 contacts (other tests may have changed that since).
    const vip = (await contactTags()).find((tag) => tag.name === 'VIP');
    expect(vip?.count).toBeGreaterThan(0);
    await expect
      .poll(() => rowOf(page, 'VIP').locator('[data-testid=tag-count]').textContent())
      .toBe(String(vip?.count));

    const name = `e2e-${randomBytes(3).toString('hex')}`;
    await page.getByTestId('tag-add').click();
    await page.getByTestId('tag-form-name').fill(name);
    await page.getByTestId('tag-form-remark').fill('made by the end-to-end test');
    await page.getByTestId('tag-form-save').click();
    await expectToast(page, '新增成功');
    await rowOf(page, name).waitFor();
    expect(await rowOf(page, name).locator('[data-testid=tag-count]').textContent()).toBe('0');
    await saveScreenshot(page, 'contact-tags');

    const renamed = `${name}-renamed`;
    await rowOf(page, name).getByTestId('tag-edit').click();
    await expect.poll(() => page.getByTestId('tag-form-name').inputValue()).toBe(name);
    await page.getByTestId('tag-form-name').fill(renamed);
    await page.getByTestId('tag-form-save').click();
    await expectToast(page, '更新成功');
    await rowOf(page, renamed).waitFor();
    const edited = (await contactTags()).find((tag) => tag.name === renamed);
    expect(edited).toMatchObject({ remark: 'made by the end-to-end test', count: 0 });

    await rowOf(page, renamed).getByTestId('tag-delete').click();
    await page.locator('.ant-modal-confirm', { hasText: '确定将选择数据删除?' }).waitFor();
    await confirmDialog(page);
    await expectToast(page, '删除成功');
    await rowOf(page, renamed).waitFor({ state: 'detached' });
    expect((await contactTags()).map((tag) => tag.name)).not.toContain(renamed);
  });

  it('refuses a duplicate name with the server’s message', async () => {
    const { page } = browser;
    await openSignedIn(page, baseUrl, demo, '/passenger/fanTag');
    await page.getByTestId('tag-add').click();
    await page.getByTestId('tag-form-name').fill('vip');
    await page.getByTestId('tag-form-save').click();
    await page.locator('.ant-message-notice', { hasText: '标签名称“vip”已存在' }).waitFor();
    // The dialog stays open for a correction.
    expect(await page.getByTestId('tag-form-name').isVisible()).toBe(true);
  });
});

describe('contact statistics (/passenger/data)', () => {
  const browser = useBrowser();

  it('shows the totals, the charts and the day table of the last 30 days', async () => {
    const { page } = browser;
    await openSignedIn(page, baseUrl, demo, '/passenger/data');
    await page.getByTestId('census-page').waitFor();
    const value = (key: string) =>
      page.getByTestId(`census-total-${key}`).locator('.ant-statistic-content-value').textContent();
    // The demo's 300 contacts, less any another test deleted.
    const totals = await postApi<CensusTotals>(baseUrl, '/api/census/total', {}, demo.access_token);
    expect(totals.contacts).toBeGreaterThan(250);
    expect(totals.opted_in + totals.opted_out + totals.none).toBe(totals.contacts);
    await expect.poll(() => value('contacts')).toBe(totals.contacts.toLocaleString('en-US'));
    expect(await value('opted_in')).toBe(totals.opted_in.toLocaleString('en-US'));
    for (const chart of ['census-trend-chart', 'census-number-chart', 'census-source-chart']) {
      await page.getByTestId(chart).locator('canvas').first().waitFor();
    }
    // 30 days, ten to a page.
    await expect.poll(() => page.getByTestId('census-day-table').locator('tr.ant-table-row').count()).toBe(10);
    await saveScreenshot(page, 'contact-statistics');
  });
});
