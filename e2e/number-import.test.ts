import { randomInt } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ImportSummary, Page as ListPage, NumberListRecord } from '@ws/contract';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { saveScreenshot, useBrowser } from './browser.js';
import { openSignedIn, postApi } from './console-pages.js';
import { type SandboxNumber, sandboxControl, useDemo } from './demo.js';

const baseUrl = inject('baseUrl');

/** A number the business "owns" in the product's sandbox, made through its control calls. */
const sandboxNumber = (phone: string, wabaId?: string) =>
  sandboxControl<SandboxNumber>('POST', '/numbers', {
    display_phone_number: phone,
    verified_name: 'E2E Imports',
    ...(wabaId ? { waba_id: wabaId } : {}),
  });

const demo = useDemo();
let numbers: SandboxNumber[];
let dir: string;
let csvPath: string;

beforeAll(async () => {
  // 1 5557 1xx xxx x: never contains the demo numbers' 555010100, which other tests filter on.
  const base = 5_557_100_000 + randomInt(89_000) * 10;
  const first = await sandboxNumber(`+1${base + 1}`);
  numbers = [first, await sandboxNumber(`+1${base + 2}`, first.waba_id)];
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ws-e2e-import-'));
  csvPath = path.join(dir, 'sandbox-numbers.csv');
  const rows = numbers.map((number) =>
    [
      `+${number.display_phone_number}`,
      number.phone_number_id,
      number.waba_id,
      number.access_token,
      'e2e|import',
      '',
    ].join(','),
  );
  const refused = '12345,not-an-id,1,token-value-1,,';
  await fs.writeFile(csvPath, ['phone,phone_number_id,waba_id,token,tags,portfolio', ...rows, refused].join('\n'));
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

describe('the warehousing screen', () => {
  const browser = useBrowser();

  it('imports sandbox numbers from a CSV, shows the refused row and the progress, and lists the numbers', async () => {
    const { page } = browser;
    await openSignedIn(page, baseUrl, demo, '/accountmanage/warehousing');
    await page.getByTestId('warehousing-page').waitFor();
    await page.getByTestId('import-target').getByText('本地沙箱').click();
    await page.locator('[data-testid=import-upload] input[type=file]').setInputFiles(csvPath);

    await page.getByTestId('import-checked-summary').getByText('共 3 行，有效 2 行，错误 2 处').waitFor();
    const errors = page.locator('[data-testid=import-errors] tr.ant-table-row');
    expect(await errors.allTextContents()).toEqual([
      expect.stringMatching(/^4phone须为国际格式的手机号/),
      expect.stringMatching(/^4phone_number_id须为 WhatsApp Manager 中的数字 ID/),
    ]);
    await page.locator('[data-testid=import-progress][data-status=done]').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('import-processed').textContent()).toBe('已处理 2 / 2');
    expect(await page.getByTestId('import-imported').locator('.ant-statistic-content-value').textContent()).toBe('2');
    await page
      .locator('[data-testid=recent-imports] tr.ant-table-row', { hasText: 'sandbox-numbers.csv' })
      .first()
      .getByTestId('recent-import-status')
      .getByText('已完成')
      .waitFor();
    await saveScreenshot(page, 'number-import');

    const imports = await postApi<ListPage<ImportSummary>>(baseUrl, '/api/agent/importlist', {}, demo.access_token);
    expect(imports.records[0]).toMatchObject({ file_name: 'sandbox-numbers.csv', imported: 2, status: 'done' });
    for (const number of numbers) {
      const listed = await postApi<ListPage<NumberListRecord>>(
        baseUrl,
        '/api/agent/list',
        { filters: { phone: number.display_phone_number } },
        demo.access_token,
      );
      expect(listed.records).toEqual([
        expect.objectContaining({
          phone_number_id: number.phone_number_id,
          verified_name: 'E2E Imports',
          tags: expect.arrayContaining([expect.objectContaining({ name: 'e2e' })]),
        }),
      ]);
    }

    await page.goto(`${baseUrl}/accountmanage/wslist`);
    await page.getByTestId('wslist-page').waitFor();
    await page.getByTestId('wslist-phone-filter').fill(numbers[0]!.display_phone_number);
    await page.getByTestId('filter-search').click();
    await expect
      .poll(() => page.locator('[data-testid=wslist-page] tr.ant-table-row').count(), { timeout: 10_000 })
      .toBe(1);
  });
});
