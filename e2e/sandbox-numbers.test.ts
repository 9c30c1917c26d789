import type { Page as ListPage, NumberListRecord, TokenPair } from '@ws/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from './browser.js';
import { apiRegister, apiSignIn, chooseOption, openInLanguage, postApi, registerWithPin } from './console-pages.js';

const baseUrl = inject('baseUrl');
const adminPassword = inject('adminPassword');

/** The texts each language shows; the rest of the flow is the same. */
const LANGUAGES = {
  zh: {
    high: '高（1000 条/秒）',
    tier: '每日 2,000 人',
    done: '已完成',
    counts: '已导入 2，已跳过 0，失败 0',
    sandboxOption: '沙箱号码',
    connected: '已连接',
  },
  en: {
    high: 'High (1000 messages/s)',
    tier: '2,000 a day',
    done: 'Done',
    counts: '2 imported, 0 skipped, 0 failed',
    sandboxOption: 'Sandbox number',
    connected: 'Connected',
  },
} as const;

/** Opens `path` signed in, in the given language. */
const openIn = (page: Page, language: keyof typeof LANGUAGES, token: TokenPair, path: string) =>
  openInLanguage(page, baseUrl, token, language, path);

describe.each(Object.keys(LANGUAGES) as (keyof typeof LANGUAGES)[])(
  'sandbox numbers from the screens (%s)',
  (language) => {
    const browser = useBrowser();
    const texts = LANGUAGES[language];

    it('creates sandbox numbers from the import screen and sees them connected', async () => {
      const { page } = browser;
      const operator = await apiRegister(baseUrl);
      await openIn(page, language, operator.pair, '/accountmanage/warehousing');
      await page.getByTestId('sandbox-numbers-card').waitFor();
      await page.getByTestId('sandbox-count').fill('2');
      await chooseOption(page, 'sandbox-throughput', texts.high);
      await chooseOption(page, 'sandbox-tier', texts.tier);
      await page.getByTestId('sandbox-create').click();

      await page.locator('[data-testid=import-progress][data-status=done]').waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('import-imported').locator('.ant-statistic-content-value').textContent()).toBe('2');
      await page.getByTestId('import-end-notice').getByText(texts.counts).waitFor();
      await page
        .locator('[data-testid=recent-imports] tr.ant-table-row', { hasText: 'sandbox-numbers-2' })
        .first()
        .getByTestId('recent-import-status')
        .getByText(texts.done)
        .waitFor();

      const listed = await postApi<ListPage<NumberListRecord>>(
        baseUrl,
        '/api/agent/list',
        {},
        operator.pair.access_token,
      );
      expect(listed.records).toHaveLength(2);
      for (const number of listed.records) {
        expect(number).toMatchObject({ status: 'CONNECTED', throughput_per_second: 1000 });
      }
      await page.goto(`${baseUrl}/accountmanage/wslist`);
      await page.getByTestId('wslist-page').waitFor();
      await expect
        .poll(() => page.locator('[data-testid=wslist-page] tr.ant-table-row').count(), { timeout: 10_000 })
        .toBe(2);
    });

    it('registers a sandbox number with the code shown in the registration step', async () => {
      const { page } = browser;
      await openIn(page, language, await apiSignIn(baseUrl, 'admin', adminPassword), '/accountmanage/registration');
      await page.getByTestId('registration-page').waitFor();
      await page.getByTestId('registration-source').getByText(texts.sandboxOption).click();
      await page.getByTestId('sandbox-registration-create').click();

      await page.getByTestId('registration-request-step').waitFor();
      await page.getByTestId('registration-send-code').click();
      await page.getByTestId('registration-verify-step').waitFor();
      await page.getByTestId('sandbox-code').waitFor();
      expect(await page.getByTestId('sandbox-code').textContent()).toMatch(/^\d{6}$/);
      await page.getByTestId('sandbox-code-fill').click();
      expect(await page.getByTestId('registration-code').inputValue()).toMatch(/^\d{6}$/);
      await page.getByTestId('registration-verify').click();

      await registerWithPin(page, '246810');
      expect(await page.getByTestId('registration-done').textContent()).toContain(texts.connected);
    });
  },
);
