/**
 * Business profiles in bulk (/content/script) in Chromium, in Chinese and English: an operator
 * makes a profile set with a picture and a category, applies it to three sandbox numbers, watches
 * the run finish live, reads the three profiles back (the same as the set), and the Cloud API
 * (the sandbox) holds what the set says.
 */
import type { CurrentProfile, Page as ListPage, NumberListRecord, TokenPair } from '@ws/contract';
import { beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { animationsSettled, saveScreenshot, useBrowser } from './browser.js';
import { apiRegister, chooseOption, expectToast, openInLanguage, postApi, recordPageErrors } from './console-pages.js';

const baseUrl = inject('baseUrl');
/** A 2×2 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWPQzPuvmfefAUIBACkeBlnH5YtPAAAAAElFTkSuQmCC',
  'base64',
);

const TEXTS = {
  zh: { added: '新增成功', vertical: '餐厅', counts: '成功 3 · 失败 0 · 跳过 0 / 共 3', same: '与模板一致' },
  en: {
    added: 'Created successfully',
    vertical: 'Restaurant',
    counts: '3 applied · 0 failed · 0 skipped of 3',
    same: 'Same as the set',
  },
} as const;

let operator: TokenPair;
let numbers: NumberListRecord[];

beforeAll(async () => {
  operator = (await apiRegister(baseUrl)).pair;
  await postApi(
    baseUrl,
    '/api/wa/sandbox/numbers',
    { count: 3, throughput: 'STANDARD', tier: 'TIER_UNLIMITED' },
    operator.access_token,
  );
  numbers = await vi.waitFor(
    async () => {
      const listed = await postApi<ListPage<NumberListRecord>>(baseUrl, '/api/agent/list', {}, operator.access_token);
      const connected = listed.records.filter((record) => record.status === 'CONNECTED');
      if (connected.length < 3) throw new Error('the sandbox numbers are not imported yet');
      return connected;
    },
    { timeout: 60_000, interval: 250 },
  );
}, 90_000);

describe('business profiles (/content/script)', () => {
  const browser = useBrowser();

  for (const language of ['zh', 'en'] as const) {
    it(`applies a profile to three sandbox numbers and reads it back (${language})`, async () => {
      const { page } = browser;
      const pageErrors = recordPageErrors(page);
      const name = `Bakery ${language} ${Date.now() % 100_000}`;
      const about = `Fresh bread daily (${language})`;
      await openInLanguage(page, baseUrl, operator, language, '/content/script');
      await page.getByTestId('profiles-page').waitFor();

      await page.getByTestId('profile-add').click();
      await page.getByTestId('profile-form').waitFor();
      await page.getByTestId('profile-form-name').fill(name);
      await page.getByTestId('profile-form-about').fill(about);
      await page.getByTestId('profile-form-email').fill('hello@bakery.example');
      await chooseOption(page, 'profile-form-vertical', TEXTS[language].vertical, TEXTS[language].vertical);
      await page.locator('[data-testid=profile-picture] input[type=file]').setInputFiles({
        name: 'logo.png',
        mimeType: 'image/png',
        buffer: PNG,
      });
      await page
        .locator('[data-testid=profile-picture-preview] img, img[data-testid=profile-picture-preview]')
        .first()
        .waitFor();
      await animationsSettled(page);
      await page.getByTestId('profile-form-save').click();
      await expectToast(page, TEXTS[language].added);
      const row = page.locator('tr.ant-table-row', { hasText: name });
      await row.waitFor();

      await row.getByTestId('profile-apply-open').click();
      await page.getByTestId('profile-apply').waitFor();
      await page.getByTestId('profile-apply-numbers').click();
      for (const number of numbers) {
        await page
          .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: number.phone })
          .first()
          .click();
      }
      await page.keyboard.press('Escape');
      await animationsSettled(page);
      await page.getByTestId('profile-apply-start').click();

      const results = page.getByTestId('profile-results');
      await results.waitFor();
      await expect
        .poll(() => results.getByTestId('profile-run-counts').textContent(), { timeout: 30_000 })
        .toBe(TEXTS[language].counts);
      await expect.poll(() => results.getByTestId('profile-result-applied').count(), { timeout: 30_000 }).toBe(3);
      await results.getByTestId('profile-read-back').click();
      await expect
        .poll(() => results.getByText(TEXTS[language].same, { exact: true }).count(), { timeout: 30_000 })
        .toBe(3);
      await saveScreenshot(page, `profiles-${language}`);

      const sets = await postApi<ListPage<{ id: string; name: string }>>(
        baseUrl,
        '/api/profile/list',
        {},
        operator.access_token,
      );
      const set = sets.records.find((record) => record.name === name);
      const current = await postApi<CurrentProfile[]>(
        baseUrl,
        '/api/profile/current',
        { setId: set?.id, numberIds: numbers.map((number) => number.id) },
        operator.access_token,
      );
      expect(current.map((profile) => profile.profile?.about)).toEqual([about, about, about]);
      expect(
        current.every((profile) => profile.profile?.vertical === 'RESTAURANT' && profile.profile.profile_picture_url),
      ).toBe(true);
      expect(pageErrors).toEqual([]);
    });
  }
});
