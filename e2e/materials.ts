/** What the end-to-end tests share of the material library's page (/content/material). */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { animationsSettled } from './browser.js';
import { expectToast } from './console-pages.js';

/** A 2×2 PNG: enough for the content check and a thumbnail. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWPQzPuvmfefAUIBACkeBlnH5YtPAAAAAElFTkSuQmCC',
  'base64',
);

/** 640 × 360, two frames of FFmpeg's test pattern (the server's test fixture): enough for a poster. */
const MP4 = readFileSync(
  new URL('../apps/server/src/modules/uploads/fixtures/test-pattern-640x360.mp4', import.meta.url),
);

const TEXTS = {
  zh: { img: '图片', video: '视频', added: '新增成功' },
  en: { img: 'Image', video: 'Video', added: 'Created successfully' },
} as const;

/** What each file type's material uploads, and how the form previews it once stored. */
const FILES = {
  img: {
    file: { name: 'menu.png', mimeType: 'image/png', buffer: PNG },
    preview: '[data-testid=material-thumbnail] img',
  },
  video: { file: { name: 'pattern.mp4', mimeType: 'video/mp4', buffer: MP4 }, preview: 'video[poster]' },
} as const;

/** Adds an image material (a PNG, captioned `<title> caption`) on the open library page; its row. */
export function addImageMaterial(page: Page, title: string, language: 'zh' | 'en') {
  return addFileMaterial(page, 'img', title, language);
}

/** Adds an image or video material (captioned `<title> caption`) on the open library page; its row. */
export async function addFileMaterial(page: Page, tp: 'img' | 'video', title: string, language: 'zh' | 'en') {
  await page.getByTestId('materials-page').waitFor();
  await page.getByRole('tab', { name: TEXTS[language][tp], exact: true }).click();
  const tab = page.getByTestId(`material-tab-${tp}`);
  await tab.getByTestId('material-add').click();
  await page.getByTestId('material-form').waitFor();
  await page.getByTestId('material-form-title').fill(title);
  await page.locator('[data-testid=material-file] input[type=file]').setInputFiles(FILES[tp].file);
  await page.locator(`[data-testid=material-form] [data-testid=material-file] ${FILES[tp].preview}`).waitFor();
  await page.getByTestId('material-form-text').fill(`${title} caption`);
  await animationsSettled(page);
  await page.getByTestId('material-form-save').click();
  await expectToast(page, TEXTS[language].added);
  const row = tab.locator('tr.ant-table-row', { hasText: title });
  await row.waitFor();
  return row;
}
