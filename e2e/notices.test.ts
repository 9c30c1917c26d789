import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { animationsSettled, saveScreenshot, useBrowser } from './browser.js';
import {
  apiRegister,
  apiSignIn,
  confirmDialog,
  expectToast,
  openInLanguage,
  pickInDialog,
  postApi,
  recordPageErrors,
} from './console-pages.js';
import { createSeat, signInToClient } from './seats.js';

const baseUrl = inject('baseUrl');
const adminPassword = inject('adminPassword');

const TEXTS = {
  zh: { chosen: '指定客户', published: '新增成功', deleted: '删除成功', unread: '未读', read: '已读' },
  en: {
    chosen: 'Chosen customers',
    published: 'Created successfully',
    deleted: 'Deleted successfully',
    unread: 'Unread',
    read: 'Read',
  },
} as const;

const unreadOf = async (page: Page) => Number(await page.getByTestId('notice-bell').getAttribute('data-unread'));
/** Waits until the top bar's bell shows this many unread notices. */
const bellShows = (page: Page, unread: number) =>
  page.locator(`[data-testid=notice-bell][data-unread="${unread}"]`).waitFor();

describe('notices (/terrace/notice, /notice/index, the seat client) and the update log (/log/index)', () => {
  const browser = useBrowser();

  for (const language of ['zh', 'en'] as const) {
    it(`the admin publishes a notice to one tenant: its operator sees the badge and reads it, another never sees it (${language})`, async () => {
      const { page } = browser;
      const pageErrors = recordPageErrors(page);
      const tag = randomBytes(3).toString('hex');
      const title = `Maintenance ${language} ${tag}`;
      const [first, other] = [await apiRegister(baseUrl), await apiRegister(baseUrl)];
      const admin = await apiSignIn(baseUrl, 'admin', adminPassword);

      // The operator's console is open before the notice exists.
      await openInLanguage(page, baseUrl, first.pair, language, '/info/index');
      await page.getByTestId('notice-bell').waitFor();
      const before = await unreadOf(page);

      // The admin publishes it, in another browser, to the first operator's tenant only; its body
      // carries a script the server must drop.
      const adminContext = await page.context().browser()?.newContext({ locale: 'zh-CN' });
      const adminPage = await adminContext?.newPage();
      if (!adminPage) throw new Error('no second browser context');
      adminContext?.setDefaultTimeout(15_000);
      await openInLanguage(adminPage, baseUrl, admin, language, '/terrace/notice');
      await adminPage.getByTestId('notice-admin-page').waitFor();
      await adminPage.getByTestId('notice-add').click();
      await adminPage.getByTestId('notice-title-input').fill(title);
      await adminPage
        .getByTestId('notice-body-input')
        .fill(
          `Tonight <b>22:00 UTC</b>\n<img src=x onerror="window.__pwned = 1">\n\n<a href="javascript:window.__pwned = 2">more</a>`,
        );
      await adminPage.locator('.ant-modal .ant-radio-wrapper', { hasText: TEXTS[language].chosen }).click();
      await adminPage.getByTestId('notice-customers').click();
      await pickInDialog(adminPage, first.username);
      await animationsSettled(adminPage);
      await adminPage.getByTestId('notice-save').click();
      await expectToast(adminPage, TEXTS[language].published);
      const adminRow = adminPage.locator('[data-testid=notice-admin-page] tr.ant-table-row', { hasText: title });
      await adminRow.waitFor();
      expect(await adminRow.textContent()).toContain(first.pair.user_info.tenant_id);

      // The realtime channel raises the operator's badge without a reload.
      await bellShows(page, before + 1);
      await page.getByTestId('notice-bell').click();
      await page.getByTestId('notices-page').waitFor();
      const row = page.locator('[data-testid=notices-page] tr.ant-table-row', { hasText: title });
      await row.waitFor();
      expect(await row.textContent()).toContain(TEXTS[language].unread);
      await row.click();
      const body = page.locator('[data-testid=notices-page] [data-testid=notice-body]', { hasText: '22:00 UTC' });
      await body.waitFor();
      expect(await body.locator('b').textContent()).toBe('22:00 UTC');
      expect(await body.locator('img').count()).toBe(0);
      expect(await body.locator('a').getAttribute('href')).toBeNull();
      await body.locator('a').click();
      await bellShows(page, before);
      await row.locator('.ant-tag', { hasText: new RegExp(`^${TEXTS[language].read}$`) }).waitFor();
      expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
      await saveScreenshot(page, `notices-${language}`);

      // The tenant's agent sees it in the seat client's top bar (a browser of its own), and reads it there.
      const seat = await createSeat(baseUrl, first.pair);
      const seatContext = await page.context().browser()?.newContext({ locale: 'zh-CN' });
      const client = await seatContext?.newPage();
      if (!client) throw new Error('no browser context for the seat');
      seatContext?.setDefaultTimeout(15_000);
      await client.goto(`${baseUrl}/client/login`);
      await signInToClient(client, seat.name);
      const seatBefore = await postApi<{ unread: number }>(baseUrl, '/api/notice/badge', {}, seat.pair.access_token);
      expect(seatBefore.unread).toBeGreaterThanOrEqual(1);
      await bellShows(client, seatBefore.unread);
      await client.getByTestId('notice-bell').click();
      await client.locator('[data-testid=notice-item]', { hasText: title }).waitFor();
      await client.getByTestId('notice-read-all').click();
      await bellShows(client, 0);
      await seatContext?.close();

      // The other tenant's operator never sees it.
      await openInLanguage(page, baseUrl, other.pair, language, '/notice/index');
      await page.getByTestId('notices-page').waitFor();
      await page.locator('[data-testid=notices-page] .ant-table-tbody').waitFor();
      const theirs = await postApi<{ records: { title: string }[]; unread: number }>(
        baseUrl,
        '/api/notice/list',
        { pageSize: 200 },
        other.pair.access_token,
      );
      expect(theirs.records.map((notice) => notice.title)).not.toContain(title);
      expect(await page.locator('[data-testid=notices-page] tr.ant-table-row', { hasText: title }).count()).toBe(0);
      await bellShows(page, theirs.unread);

      // The admin deletes it for everyone.
      await adminRow.getByTestId('notice-delete').click();
      await confirmDialog(adminPage);
      await expectToast(adminPage, TEXTS[language].deleted);
      await adminRow.waitFor({ state: 'detached' });
      await adminContext?.close();
      expect(pageErrors).toEqual([]);
    });
  }

  it('shows a "what\'s new" dot after an update until the operator opens the changelog', async () => {
    const { page } = browser;
    const operator = await apiRegister(baseUrl);
    const admin = await apiSignIn(baseUrl, 'admin', adminPassword);
    const version = `e2e-${randomBytes(3).toString('hex')}`;
    await openInLanguage(page, baseUrl, operator.pair, 'en', '/info/index');
    await postApi(
      baseUrl,
      '/api/update/add',
      { version, releasedOn: '2026-11-26', changesZh: '公告和更新日志', changesEn: 'Notices and the update log' },
      admin.access_token,
    );
    await page.reload();
    await page.locator('[data-testid=whats-new][data-unseen=true]').waitFor();
    await page.getByTestId('whats-new').click();
    const entry = page.locator('[data-testid=update-log-page] [data-testid=update-log-entry]', { hasText: version });
    await entry.waitFor();
    expect(await entry.textContent()).toContain('Notices and the update log');
    await page.locator('[data-testid=whats-new][data-unseen=false]').waitFor();
    await page.reload();
    await page.getByTestId('whats-new').waitFor();
    expect(await page.getByTestId('whats-new').getAttribute('data-unseen')).toBe('false');
  });
});
