/**
 * The operation log (/systemlog/operate): an operator's change shows under its name in the
 * operator's log, filtered by action and text, and exports as CSV; another tenant's operator never
 * sees it.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { saveScreenshot, useBrowser } from './browser.js';
import { apiRegister, openSignedIn, postApi } from './console-pages.js';

const baseUrl = inject('baseUrl');

const rows = (page: Page) => page.locator('[data-testid=oplog-table] tr.ant-table-row');

describe('operation log (/systemlog/operate)', () => {
  const browser = useBrowser();

  it('shows an operator their tenant’s changes by name, filters them and exports them', async () => {
    const { page } = browser;
    const [mine, other] = [await apiRegister(baseUrl), await apiRegister(baseUrl)];
    const name = `oplog-${randomBytes(3).toString('hex')}`;
    await postApi(baseUrl, '/api/tag/add', { kind: 'contact', name }, mine.pair.access_token);
    await postApi(baseUrl, '/api/tag/add', { kind: 'contact', name: `${name}-other` }, other.pair.access_token);

    await openSignedIn(page, baseUrl, mine.pair, '/systemlog/operate');
    await page.getByTestId('operation-log-page').waitFor();
    // An operator has no customer filter and no retention card.
    expect(await page.getByTestId('oplog-tenant').count()).toBe(0);
    expect(await page.getByTestId('oplog-retention').count()).toBe(0);
    await page.getByTestId('oplog-target').fill(name);
    await page.getByTestId('filter-search').click();
    await expect.poll(() => rows(page).count()).toBe(1);
    const row = rows(page).first();
    expect(await row.getByTestId('oplog-action-label').textContent()).toBe('新增标签');
    expect(await row.textContent()).toContain(mine.username);
    await saveScreenshot(page, 'operation-log');

    const download = page.waitForEvent('download');
    await page.getByTestId('oplog-csv').click();
    const csv = await readFile(await (await download).path(), 'utf8');
    expect(csv).toContain(name);
    expect(csv).not.toContain(`${name}-other`);

    await openSignedIn(page, baseUrl, other.pair, '/systemlog/operate');
    await page.getByTestId('oplog-target').fill(name);
    await page.getByTestId('filter-search').click();
    await expect.poll(() => rows(page).first().textContent()).toContain(`${name}-other`);
    // The table may still hold the previous answer's row for a moment (a full run saw 2 rows here).
    await expect.poll(() => rows(page).count()).toBe(1);
  });
});
