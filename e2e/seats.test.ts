import { randomBytes } from 'node:crypto';
import type { AgentSettings, Page as ListPage } from '@ws/contract';
import { describe, expect, inject, it } from 'vitest';
import { animationsSettled, saveScreenshot, useBrowser } from './browser.js';
import { apiRegister, confirmDialog, expectToast, openSignedIn, postApi, recordPageErrors } from './console-pages.js';

const baseUrl = inject('baseUrl');

describe('service agents (/accountmanage/seats)', () => {
  const browser = useBrowser();

  it("sets an agent's cap, and adds, finds and deletes a quick reply", async () => {
    const { page } = browser;
    const pageErrors = recordPageErrors(page);
    // A tenant of its own: its operator is its one agent.
    const operator = await apiRegister(baseUrl);
    await openSignedIn(page, baseUrl, operator.pair, '/accountmanage/seats');
    await page.getByTestId('seats-page').waitFor();
    const row = page.locator('[data-testid=seats-page] tr.ant-table-row', { hasText: operator.username });
    await expect.poll(() => row.getByTestId('seat-load').textContent()).toBe('0 / 20');

    await row.getByTestId('seat-edit').click();
    await page.getByTestId('seat-form').waitFor();
    await page.getByTestId('seat-form-cap').fill('7');
    await animationsSettled(page);
    await page.getByTestId('seat-form-save').click();
    await expectToast(page, '更新成功');
    await expect.poll(() => row.getByTestId('seat-load').textContent()).toBe('0 / 7');
    const agents = await postApi<ListPage<AgentSettings>>(baseUrl, '/api/inbox/agents', {}, operator.pair.access_token);
    expect(agents.records.find((agent) => agent.user.username === operator.username)?.max_open).toBe(7);
    await saveScreenshot(page, 'seats');

    const shortcut = `hours${randomBytes(2).toString('hex')}`;
    await page.getByRole('tab', { name: '快捷回复' }).click();
    await page.getByTestId('material-add').click();
    await page.getByTestId('material-form-title').fill(shortcut);
    await page.getByTestId('material-form-text').fill('我们 9:00–18:00 营业。');
    await animationsSettled(page);
    await page.getByTestId('material-form-save').click();
    await expectToast(page, '新增成功');
    const reply = page.locator('tr.ant-table-row', { hasText: `/${shortcut}` });
    await reply.waitFor();
    await reply.getByTestId('material-delete').click();
    await confirmDialog(page);
    await expectToast(page, '删除成功');
    await reply.waitFor({ state: 'detached' });
    expect(pageErrors).toEqual([]);
  });
});
