import { randomBytes } from 'node:crypto';
import type { EgressIp, IpGroup, Page as ListPage } from '@ws/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { animationsSettled, saveScreenshot, useBrowser } from './browser.js';
import { apiSignIn, confirmDialog, expectToast, openSignedIn, postApi } from './console-pages.js';
import { useDemo } from './demo.js';
import { ADMIN_PASSWORD } from './product.js';

const baseUrl = inject('baseUrl');
const demo = useDemo();

/** The IP table's row of a proxy user name (unique to this run). */
const rowOf = (page: Page, username: string) =>
  page.locator('[data-testid=ip-table] tr.ant-table-row', { hasText: username });
const groupItem = (page: Page, name: string) => page.locator(`[data-testid=ip-group-item][data-group="${name}"]`);

const ownIps = (search: string) =>
  postApi<ListPage<EgressIp>>(baseUrl, '/api/ip/iplist', { scope: 'own', filters: { search } }, demo.access_token);
const ownGroups = () =>
  postApi<ListPage<IpGroup>>(baseUrl, '/api/ip/grouplist', { page: 1, pageSize: 100000 }, demo.access_token);

describe('egress IPs (/ipmanager/myip)', () => {
  const browser = useBrowser();

  it('adds a group and an IP in it, checks the IP (a dead address shows its error), deletes both', async () => {
    const { page } = browser;
    const suffix = randomBytes(3).toString('hex');
    const groupName = `e2e-group-${suffix}`;
    const username = `e2e${suffix}`;
    await openSignedIn(page, baseUrl, demo, '/ipmanager/myip');
    await page.getByTestId('my-ip-page').waitFor();

    await page.getByTestId('ip-group-add').click();
    await page.getByTestId('ip-group-form-name').fill(groupName);
    await page.getByTestId('ip-group-form-save').click();
    await expectToast(page, '新增成功');
    await groupItem(page, groupName).waitFor();

    await page.getByTestId('ip-add').click();
    // Port 9 (discard) on the loopback address: nothing listens there, so the check must fail.
    await page.getByTestId('ip-form-host').fill('127.0.0.1');
    await page.getByTestId('ip-form-port').fill('9');
    await page.getByTestId('ip-form-username').fill(username);
    await page.getByTestId('ip-form-password').fill('e2e-secret');
    await page.getByTestId('ip-form-group').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: groupName }).click();
    await page.getByTestId('ip-form-save').click();
    await expectToast(page, '新增成功');
    await rowOf(page, username).waitFor();
    const [added] = (await ownIps('127.0.0.1')).records.filter((ip) => ip.username === username);
    expect(added).toMatchObject({ port: 9, has_password: true, group: { name: groupName }, check: null });

    // The group filter shows only the group's IPs.
    await groupItem(page, groupName).click();
    await expect.poll(() => page.locator('[data-testid=ip-table] tr.ant-table-row').count()).toBe(1);

    await rowOf(page, username).getByTestId('ip-check').click();
    const result = rowOf(page, username).getByTestId('ip-check-result');
    await result.waitFor();
    expect(await result.getAttribute('data-ok')).toBe('false');
    expect(await result.textContent()).toMatch(/连接被拒绝/);
    await saveScreenshot(page, 'my-ip');
    const [checked] = (await ownIps('127.0.0.1')).records.filter((ip) => ip.username === username);
    expect(checked?.check).toMatchObject({ ok: false, error: expect.stringMatching(/连接被拒绝/) });

    await rowOf(page, username).getByTestId('ip-delete').click();
    await page.locator('.ant-modal-confirm', { hasText: '确定将选择数据删除?' }).waitFor();
    await confirmDialog(page);
    await expectToast(page, '删除成功');
    await rowOf(page, username).waitFor({ state: 'detached' });
    expect((await ownIps('127.0.0.1')).records.map((ip) => ip.username)).not.toContain(username);

    await groupItem(page, groupName).getByTestId('ip-group-delete').click();
    await page.locator('.ant-modal-confirm', { hasText: '确定将选择数据删除?' }).waitFor();
    await confirmDialog(page);
    await groupItem(page, groupName).waitFor({ state: 'detached' });
    expect((await ownGroups()).records.map((group) => group.name)).not.toContain(groupName);
  });

  it('shows system IPs to an operator read-only', async () => {
    const { page } = browser;
    await openSignedIn(page, baseUrl, demo, '/ipmanager/systemip');
    await page.getByTestId('system-ip-page').waitFor();
    await page.getByTestId('ip-notice').waitFor();
    expect(await page.getByTestId('ip-notice').textContent()).toContain('只能查看');
    expect(await page.getByTestId('ip-add').count()).toBe(0);
    expect(await page.getByTestId('ip-group-add').count()).toBe(0);
  });

  it('lets the platform admin add a system IP in bulk, which operators then see without credentials', async () => {
    const { page } = browser;
    const admin = await apiSignIn(baseUrl, 'admin', ADMIN_PASSWORD);
    const suffix = randomBytes(3).toString('hex');
    await openSignedIn(page, baseUrl, admin, '/ipmanager/systemip');
    await page.getByTestId('system-ip-page').waitFor();
    await page.getByTestId('ip-add').click();
    // The dialog is still opening; a click during its animation can miss the switch.
    await animationsSettled(page);
    await page.getByTestId('ip-form-bulk').click();
    await page
      .getByTestId('ip-form-lines')
      .fill([`10.250.0.1:3128:sys${suffix}:pw`, `10.250.0.2:3128:sys${suffix}`, 'not a proxy'].join('\n'));
    await page.getByTestId('ip-form-save').click();
    // Two lines added, the third reported.
    await page.getByTestId('ip-line-errors').waitFor();
    expect(await page.getByTestId('ip-line-errors').textContent()).toContain('not a proxy');
    await confirmDialog(page);
    await rowOf(page, `sys${suffix}`).first().waitFor();
    expect(await rowOf(page, `sys${suffix}`).count()).toBe(2);

    const seen = await postApi<ListPage<EgressIp>>(
      baseUrl,
      '/api/ip/iplist',
      { scope: 'system', filters: { search: '10.250.0.' } },
      demo.access_token,
    );
    const ids = seen.records.map((ip) => ip.id);
    expect(seen.records.every((ip) => ip.username === null && ip.has_password === null)).toBe(true);
    await postApi(baseUrl, '/api/ip/ipdel', { scope: 'system', ids }, admin.access_token);
  });
});
