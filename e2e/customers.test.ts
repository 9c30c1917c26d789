import { randomBytes } from 'node:crypto';
import type { CustomerRow, Page as ListPage } from '@ws/contract';
import { describe, expect, inject, it } from 'vitest';
import { animationsSettled, saveScreenshot, useBrowser } from './browser.js';
import {
  apiSignIn,
  chooseOption,
  expectToast,
  openSignedIn,
  postApi,
  readDownloadedCsv,
  recordPageErrors,
  switchLanguage,
} from './console-pages.js';

const baseUrl = inject('baseUrl');
const adminPassword = inject('adminPassword');

describe('customers (/terrace/user)', () => {
  const browser = useBrowser();

  it('the admin creates a customer, who signs in and sees its plan; expired, it is read-only (zh and en)', async () => {
    const { page } = browser;
    const pageErrors = recordPageErrors(page);
    const admin = await apiSignIn(baseUrl, 'admin', adminPassword);
    const username = `cus_${randomBytes(3).toString('hex')}`;
    const password = 'customer-pass-1';

    await openSignedIn(page, baseUrl, admin, '/terrace/user');
    await page.getByTestId('customers-page').waitFor();
    await page.getByTestId('platform-totals').waitFor();
    await page.getByTestId('customer-add').click();
    await page.getByTestId('customer-add-username').fill(username);
    await page.getByTestId('customer-add-password').fill(password);
    await chooseOption(page, 'customer-add-plan', '专业版');
    await page.getByTestId('customer-add-days').fill('30');
    await animationsSettled(page);
    await page.getByTestId('customer-add-save').click();
    await expectToast(page, '新增成功');
    const row = page.locator('[data-testid=customers-page] tr.ant-table-row', { hasText: username });
    await row.waitFor();
    expect(await row.textContent()).toContain('专业版');
    await row.getByTestId('customer-details-open').click();
    await page.getByTestId('customer-details').waitFor();
    expect(await page.getByTestId('customer-details-plan').textContent()).toBe('专业版');
    await saveScreenshot(page, 'customers');

    const customers = await postApi<ListPage<CustomerRow>>(
      baseUrl,
      '/api/auth/list',
      { filters: { username } },
      admin.access_token,
    );
    const tenantId = customers.records[0]?.tenant_id as string;
    expect(customers.records[0]).toMatchObject({ plan: 'professional', expired: false, state: 'active' });

    // The customer signs in and sees its plan on its account page, in both languages.
    const customer = await apiSignIn(baseUrl, username, password);
    await openSignedIn(page, baseUrl, customer, '/info/index');
    await page.getByTestId('info-plan').waitFor();
    expect(await page.getByTestId('info-plan').textContent()).toBe('专业版');
    await switchLanguage(page, 'en');
    await page.getByTestId('info-plan').waitFor();
    expect(await page.getByTestId('info-plan').textContent()).toBe('Professional');
    expect(await page.getByTestId('info-mass').textContent()).toBe('Allowed');
    expect(await page.getByTestId('info-contact-limit').textContent()).not.toBe('');

    // The platform ends its service: the account is read-only, and says so.
    await postApi(baseUrl, '/api/auth/renew', { tenantId, until: '2026-01-01T00:00:00Z' }, admin.access_token);
    await page.reload();
    await page.getByTestId('info-expires').waitFor();
    await expect.poll(() => page.getByTestId('info-expires').textContent()).toContain('expired, read-only');
    const nickname = page.locator('#profile_nickname');
    await nickname.fill('new name');
    await page.locator('form#profile button[type=submit]').click();
    await expectToast(
      page,
      'This account has expired and is read-only: you can view data but not change it. Ask the platform admin to renew it',
    );
    await switchLanguage(page, 'zh');
    await page.getByTestId('info-expires').waitFor();
    await page.locator('#profile_nickname').fill('新名字');
    await page.locator('form#profile button[type=submit]').click();
    await expectToast(page, '账号已到期，当前为只读：可以查看数据，但不能修改。请联系平台管理员续期');

    // Renewed, it changes things again.
    await postApi(baseUrl, '/api/auth/renew', { tenantId, days: 30 }, admin.access_token);
    await page.locator('form#profile button[type=submit]').click();
    await expectToast(page, '更新成功');
    expect(pageErrors).toEqual([]);
  });

  it('the admin deletes a customer with its data exported, then downloads the export by its id', async () => {
    const { page } = browser;
    const pageErrors = recordPageErrors(page);
    const admin = await apiSignIn(baseUrl, 'admin', adminPassword);
    const username = `gone_${randomBytes(3).toString('hex')}`;
    const created = await postApi<{ tenant_id: string }>(
      baseUrl,
      '/api/auth/addcustomer',
      { username, password: 'customer-pass-1' },
      admin.access_token,
    );
    const tenantId = created.tenant_id;
    await postApi(baseUrl, '/api/auth/deletecus', { tenantId, graceDays: 0, exportData: true }, admin.access_token);
    // The customer_delete job exports, then deletes (the worker runs it at once: no grace days).
    const exportsOf = async () => {
      const response = await fetch(`${baseUrl}/api/auth/exports?tenantId=${tenantId}`, {
        headers: { token: admin.access_token },
      });
      const body = (await response.json()) as { data?: { folder: string; files: { name: string }[] }[] };
      return body.data ?? [];
    };
    await expect.poll(async () => (await exportsOf()).length, { timeout: 60_000, interval: 500 }).toBe(1);
    const [made] = await exportsOf();
    expect(made?.files.map((file) => file.name)).toContain('contacts.csv');

    await openSignedIn(page, baseUrl, admin, '/terrace/user');
    await page.getByTestId('customers-page').waitFor();
    await page.getByTestId('customer-exports-open').click();
    await page.getByTestId('customer-exports-tenant').locator('input').fill(tenantId);
    await page.getByTestId('customer-exports-tenant').locator('button').click();
    await page.getByTestId('customer-exports').waitFor();
    await saveScreenshot(page, 'customer-exports');
    const lines = await readDownloadedCsv(page, () => page.getByTestId('customer-export-ledger.csv').click());
    expect(lines[0]).toBe(
      'id,created_utc,kind,unit,amount,quantity,category,country,number_id,message_id,memo,idempotency_key',
    );
    expect(pageErrors).toEqual([]);
  });
});
