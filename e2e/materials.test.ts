/**
 * The material library (/content/material) in Chromium, in Chinese and English: an operator
 * uploads an image material (its thumbnail previewed), binds it to one of two seats, and the list
 * shows the binding; the bound seat is offered it, the other is not. A video material shows its
 * poster (its first frame, decision 0033) in the form and the list.
 */
import type { Page as ListPage, Material } from '@ws/contract';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { saveScreenshot, useBrowser } from './browser.js';
import {
  apiRegister,
  openInLanguage,
  pickInDialog,
  postApi,
  type RegisteredOperator,
  recordPageErrors,
} from './console-pages.js';
import { addFileMaterial, addImageMaterial } from './materials.js';
import { createSeat } from './seats.js';

const baseUrl = inject('baseUrl');
const TEXTS = {
  zh: { open: '全部坐席', bound: '已绑定 1 个' },
  en: { open: 'All agents', bound: 'Bound: 1' },
} as const;

let operator: RegisteredOperator;
let bound: { name: string; token: string };
let unbound: { name: string; token: string };

beforeAll(async () => {
  operator = await apiRegister(baseUrl);
  const [first, second] = [await createSeat(baseUrl, operator.pair), await createSeat(baseUrl, operator.pair)];
  bound = { name: first.name, token: first.pair.access_token };
  unbound = { name: second.name, token: second.pair.access_token };
}, 90_000);

const imagesSeenBy = async (token: string) =>
  (await postApi<ListPage<Material>>(baseUrl, '/api/mater/list', { tp: 'img' }, token)).records.map((m) => m.title);

describe('material library (/content/material)', () => {
  const browser = useBrowser();

  for (const language of ['zh', 'en'] as const) {
    it(`uploads an image material and binds it to a seat (${language})`, async () => {
      const { page } = browser;
      const pageErrors = recordPageErrors(page);
      const title = `Menu ${language} ${Date.now() % 100_000}`;
      await openInLanguage(page, baseUrl, operator.pair, language, '/content/material');
      const row = await addImageMaterial(page, title, language);
      await expect.poll(() => row.locator('[data-testid=material-thumbnail] img').count()).toBe(1);
      await expect.poll(() => row.getByTestId('material-bindings').textContent()).toBe(TEXTS[language].open);
      // Unbound, every agent may use it.
      expect(await imagesSeenBy(unbound.token)).toContain(title);

      await row.getByTestId('material-bind').click();
      await page.getByTestId('material-bind-users').click();
      await pickInDialog(page, bound.name);
      await page.getByTestId('material-bind-add').click();
      await page.locator('[data-testid=material-bindings-table] tr.ant-table-row', { hasText: bound.name }).waitFor();
      await saveScreenshot(page, `materials-bind-${language}`);
      await page.locator('.ant-modal-close:visible').click();
      await expect.poll(() => row.getByTestId('material-bindings').textContent()).toBe(TEXTS[language].bound);

      expect(await imagesSeenBy(bound.token)).toContain(title);
      expect(await imagesSeenBy(unbound.token)).not.toContain(title);
      await saveScreenshot(page, `materials-${language}`);
      expect(pageErrors).toEqual([]);
    });
  }

  it('uploads a video material: its poster in the form and, like an image thumbnail, in the list', async () => {
    const { page } = browser;
    const pageErrors = recordPageErrors(page);
    const title = `Pattern ${Date.now() % 100_000}`;
    await openInLanguage(page, baseUrl, operator.pair, 'en', '/content/material');
    const row = await addFileMaterial(page, 'video', title, 'en');
    const poster = row.locator('[data-testid=material-thumbnail] img');
    await expect
      .poll(() => poster.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBe(320);
    expect(await poster.getAttribute('src')).toMatch(/^\/uploads\/.+\.thumb\.jpg$/);
    await saveScreenshot(page, 'materials-video-poster-en');
    expect(pageErrors).toEqual([]);
  });
});
