/** What the end-to-end tests share of the material library's page (/content/material). */
import type { Page } from 'playwright-core';
import { animationsSettled } from './browser.js';
import { expectToast } from './console-pages.js';

/** A 2×2 PNG: enough for the content check and a thumbnail. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWPQzPuvmfefAUIBACkeBlnH5YtPAAAAAElFTkSuQmCC',
  'base64',
);

const TEXTS = {
  zh: { tab: '图片', added: '新增成功' },
  en: { tab: 'Image', added: 'Created successfully' },
} as const;

/** Adds an image material (a PNG, captioned `<title> caption`) on the open library page; its row. */
export async function addImageMaterial(page: Page, title: string, language: 'zh' | 'en') {
  await page.getByTestId('materials-page').waitFor();
  await page.getByRole('tab', { name: TEXTS[language].tab, exact: true }).click();
  const tab = page.getByTestId('material-tab-img');
  await tab.getByTestId('material-add').click();
  await page.getByTestId('material-form').waitFor();
  await page.getByTestId('material-form-title').fill(title);
  await page.locator('[data-testid=material-file] input[type=file]').setInputFiles({
    name: 'menu.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await page.locator('[data-testid=material-form] [data-testid=material-thumbnail] img').waitFor();
  await page.getByTestId('material-form-text').fill(`${title} caption`);
  await animationsSettled(page);
  await page.getByTestId('material-form-save').click();
  await expectToast(page, TEXTS[language].added);
  const row = tab.locator('tr.ant-table-row', { hasText: title });
  await row.waitFor();
  return row;
}
