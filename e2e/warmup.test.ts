import { randomBytes } from 'node:crypto';
import type { WarmupPlanDetails } from '@ws/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { saveScreenshot, useBrowser } from './browser.js';
import {
  chooseOption,
  confirmDialog,
  expectToast,
  openInLanguage,
  postApi,
  recordPageErrors,
} from './console-pages.js';
import { useDemo } from './demo.js';

const baseUrl = inject('baseUrl');
const demo = useDemo();
/** The demo tenant's business portfolio (see apps/server/src/demo/seed-demo.ts): 2 000 a day, three numbers. */
const DEMO_PORTFOLIO = 'Verdant Home';

const rowOf = (page: Page, name: string) =>
  page.locator('[data-testid=warmup-table] tr.ant-table-row', { hasText: name });

/** What each language's run picks and expects to read. */
const RUNS = {
  zh: {
    target: '每日 10,000 人',
    fast: '快速',
    days: '共 4 天',
    milestone: '每日 10,000 人 预计于',
    caveat: '由 Meta 决定',
    created: '新增成功',
    deleted: '删除成功',
  },
  en: {
    target: '10,000 a day',
    fast: 'Fast',
    days: '4 days',
    milestone: '10,000 a day expected on',
    caveat: 'Meta decides',
    created: 'Created successfully',
    deleted: 'Deleted successfully',
  },
} as const;

describe('warm-up plans (/marketingTasks/cultureTask)', () => {
  const browser = useBrowser();

  for (const language of ['zh', 'en'] as const) {
    const run = RUNS[language];
    it(`in ${language}: plans the demo portfolio toward 10 000 a day, sees its schedule and forecast, deletes it`, async () => {
      const { page } = browser;
      const pageErrors = recordPageErrors(page);
      const name = `e2e warm-up ${language} ${randomBytes(3).toString('hex')}`;
      await openInLanguage(page, baseUrl, demo, language, '/marketingTasks/cultureTask');
      await page.getByTestId('warmup-page').waitFor();

      await page.getByTestId('warmup-create').click();
      await page.getByTestId('warmup-form').waitFor();
      await page.getByTestId('warmup-name').fill(name);
      await chooseOption(page, 'warmup-portfolio', DEMO_PORTFOLIO);
      await chooseOption(page, 'warmup-target', run.target);
      await page.getByTestId('warmup-pace').getByText(run.fast, { exact: true }).click();
      // The schedule before saving: four rising days from 2 000, then the next tier.
      const preview = page.getByTestId('warmup-preview-days');
      await preview.filter({ hasText: run.days }).waitFor();
      expect(await preview.textContent()).toContain(run.milestone);
      await page.getByTestId('warmup-preview-chart').waitFor();
      await saveScreenshot(page, `warmup-form-${language}`);

      await page.getByTestId('warmup-submit').click();
      await expectToast(page, run.created);
      await page.getByTestId('warmup-form').waitFor({ state: 'detached' });
      const row = rowOf(page, name);
      await row.locator('[data-testid=warmup-status][data-status=active]').waitFor();
      expect(await row.getByTestId('warmup-today').textContent()).toMatch(/\/ 110$/);
      expect(await row.getByTestId('warmup-next-tier').textContent()).toContain(run.target);
      await saveScreenshot(page, `warmup-${language}`);

      await row.getByTestId('warmup-name-link').click();
      const details = page.getByTestId('warmup-details');
      await details.getByTestId('warmup-caveat').filter({ hasText: run.caveat }).waitFor();
      await details.getByTestId('warmup-days-chart').waitFor();
      await details.getByTestId('warmup-numbers-chart').waitFor();
      // Today's snapshot: one row, the demo's three numbers as columns.
      expect(await details.locator('[data-testid=warmup-quality-table] tr.ant-table-row').count()).toBe(1);
      await saveScreenshot(page, `warmup-details-${language}`);
      const { records } = await postApi<{ records: { id: string; name: string }[] }>(
        baseUrl,
        '/api/keep/list',
        { filters: { search: name } },
        demo.access_token,
      );
      const plan = await postApi<WarmupPlanDetails>(
        baseUrl,
        '/api/keep/details',
        { id: records[0]?.id },
        demo.access_token,
      );
      expect(plan.days.map((day) => day.target)).toEqual([110, 220, 330, 440]);
      expect(plan.numbers).toHaveLength(3);
      await page.keyboard.press('Escape');
      await details.waitFor({ state: 'hidden' });

      // The demo portfolio is shared with the other run: the plan goes again.
      await row.getByTestId('warmup-delete').click();
      await confirmDialog(page);
      await expectToast(page, run.deleted);
      await row.waitFor({ state: 'detached' });
      expect(pageErrors).toEqual([]);
    });
  }
});
