/**
 * Keyword replies end to end, in Chinese and English: the demo operator uploads an image material,
 * makes a keyword rule answering with it (and checks it in the test box), a customer of a sandbox
 * number writes the keyword, and the image reply is in the chat record and reached the customer
 * through the Cloud API (the sandbox).
 */
import { randomBytes } from 'node:crypto';
import type { ConversationPage } from '@ws/contract';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { animationsSettled, saveScreenshot, useBrowser } from './browser.js';
import { chooseOption, expectToast, openInLanguage, postApi, recordPageErrors } from './console-pages.js';
import { type SandboxNumber, sandboxControl, useDemo } from './demo.js';
import { addImageMaterial } from './materials.js';

const baseUrl = inject('baseUrl');
const demo = useDemo();

const TEXTS = {
  zh: { imageType: '图片', added: '新增成功', answers: '将由规则' },
  en: { imageType: 'Image', added: 'Created successfully', answers: 'would answer' },
} as const;

const made: string[] = [];
afterAll(async () => {
  if (made.length) await postApi(baseUrl, '/api/keyword/del', { ids: made }, demo.access_token);
});

async function addRule(page: Page, name: string, keyword: string, material: string, language: 'zh' | 'en') {
  await page.getByTestId('keyword-page').waitFor();
  await page.getByTestId('keyword-add').click();
  await page.getByTestId('keyword-form').waitFor();
  await page.getByTestId('keyword-form-name').fill(name);
  await page.getByTestId('keyword-form-keywords').click();
  await page.keyboard.type(keyword);
  await page.keyboard.press('Enter');
  await chooseOption(page, 'keyword-form-material-type', TEXTS[language].imageType);
  await chooseOption(page, 'keyword-form-material', material, material);
  await animationsSettled(page);
  await page.getByTestId('keyword-form-save').click();
  await expectToast(page, TEXTS[language].added);
  await page.locator('[data-testid=keyword-page] tr.ant-table-row', { hasText: name }).waitFor();
}

describe('keyword replies (/content/keyword)', () => {
  const browser = useBrowser();

  for (const language of ['zh', 'en'] as const) {
    it(`answers a customer's keyword with an image material (${language})`, async () => {
      const { page } = browser;
      const pageErrors = recordPageErrors(page);
      const tag = randomBytes(3).toString('hex');
      const title = `Catalogue ${language} ${tag}`;
      const keyword = `catalogue-${tag}`;
      await openInLanguage(page, baseUrl, demo, language, '/content/material');
      await addImageMaterial(page, title, language);

      await page.goto(`${baseUrl}/content/keyword`);
      await addRule(page, `Catalogue rule ${tag}`, keyword, title, language);
      const rules = await postApi<{ records: { id: string; name: string }[] }>(
        baseUrl,
        '/api/keyword/list',
        { filters: { search: tag } },
        demo.access_token,
      );
      made.push(...rules.records.map((rule) => rule.id));
      // The test box says which rule would answer.
      await page.getByTestId('keyword-test-text').fill(`Please send the ${keyword.toUpperCase()} now`);
      await page.getByTestId('keyword-test-run').click();
      await page.getByTestId('keyword-test-result').filter({ hasText: TEXTS[language].answers }).waitFor();
      await saveScreenshot(page, `auto-replies-keyword-${language}`);

      // A new customer writes the keyword to one of the demo's sandbox numbers.
      const [number] = await sandboxControl<SandboxNumber[]>('GET', '/numbers');
      if (!number) throw new Error('the sandbox has no number');
      const waId = `1555077${String(Date.now() % 10_000).padStart(4, '0')}`;
      await sandboxControl('POST', '/inbound', {
        phone_number_id: number.phone_number_id,
        from: waId,
        name: `Buyer ${tag}`,
        type: 'text',
        text: `hi, ${keyword} please`,
      });
      // The customer got the image, sent through the Cloud API by its media id.
      await expect
        .poll(
          async () =>
            (
              await sandboxControl<{ body: { type: string; image?: { id?: string; caption?: string } } }[]>(
                'GET',
                `/messages?direction=out&to=${waId}&limit=5`,
              )
            ).map(
              (message) =>
                `${message.body.type}:${message.body.image?.caption ?? ''}:${Boolean(message.body.image?.id)}`,
            ),
          { timeout: 30_000 },
        )
        .toContain(`image:${title} caption:true`);

      // And the chat record shows it, sent, under the customer's message.
      await expect
        .poll(
          async () =>
            (
              await postApi<ConversationPage>(
                baseUrl,
                '/api/message/conversations',
                { filters: { search: waId } },
                demo.access_token,
              )
            ).records[0]?.contact_id,
          { timeout: 20_000 },
        )
        .toBeTruthy();
      await page.goto(`${baseUrl}/passenger/chat_record`);
      await page.getByTestId('chat-history-page').waitFor();
      await page.getByTestId('conversation-search').fill(waId);
      await page.getByTestId('filter-search').click();
      await page.locator('[data-testid=chat-history-page] tr.ant-table-row', { hasText: waId }).first().waitFor();
      await page.getByTestId('conversation-open').first().click();
      const reply = page.getByTestId('chat-message').filter({ hasText: `${title} caption` });
      await reply.waitFor({ timeout: 20_000 });
      expect(await reply.getAttribute('data-direction')).toBe('out');
      // The image itself, read back from the Cloud API by its media id through the product.
      await expect
        .poll(() =>
          reply.getByTestId('chat-media').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth),
        )
        .toBeGreaterThan(0);
      await saveScreenshot(page, `auto-replies-chat-${language}`);
      expect(pageErrors).toEqual([]);
    });
  }
});
