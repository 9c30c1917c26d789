import type { Page as ListPage, NumberListRecord } from '@ws/contract';
import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from './browser.js';
import {
  chooseDropdownItem,
  chooseOption,
  FIRST_PAGE,
  logOut,
  postApi,
  registerWithPin,
  sideMenu,
  signIn,
  storedContent,
  storedItems,
} from './console-pages.js';

const baseUrl = inject('baseUrl');
const adminPassword = inject('adminPassword');

/** The phones of the admin's numbers (other test files add some to the same tenant). */
async function adminPhones(token: string): Promise<string[]> {
  const listed = await postApi<ListPage<NumberListRecord>>(baseUrl, '/api/agent/list', { pageSize: 200 }, token);
  return listed.records.map((number) => number.phone);
}

/**
 * A newcomer's first hour, with nothing but the screens: sign in as the admin `npm start` printed, connect sandbox numbers from
 * the import screen, see them connected with their tier, register one more with the code the
 * registration step shows, try English and come back, sign out, and the old session is dead.
 */
describe("a new user's first hour", () => {
  const browser = useBrowser();

  it('gets from sign-in to connected numbers and back out without reading any source', async () => {
    const { page } = browser;
    const pageErrors: Error[] = [];
    page.on('pageerror', (error) => pageErrors.push(error));

    // Sign in as the admin the first start printed; the number list is the first tab.
    await signIn(page, baseUrl, 'admin', adminPassword);
    const token = storedContent(await storedItems(page), 'token') as string;
    const before = new Set(await adminPhones(token));

    // Two sandbox numbers from the import screen: no ids, no tokens, no source to read.
    await page.goto(`${baseUrl}/accountmanage/warehousing`);
    await page.getByTestId('sandbox-numbers-card').waitFor();
    await page.getByTestId('sandbox-count').fill('2');
    await chooseOption(page, 'sandbox-tier', '每日 2,000 人');
    await page.getByTestId('sandbox-create').click();
    await page.locator('[data-testid=import-progress][data-status=done]').waitFor({ timeout: 30_000 });

    // The number list shows each connected, with the tier the Cloud API reported (not "-").
    const created = (await adminPhones(token)).filter((phone) => !before.has(phone));
    expect(created).toHaveLength(2);
    await page.goto(`${baseUrl}${FIRST_PAGE}`);
    for (const phone of created) {
      await page.getByTestId('wslist-phone-filter').fill(phone);
      await page.getByTestId('filter-search').click();
      const row = page.locator('[data-testid=wslist-page] tr.ant-table-row', { hasText: phone });
      await row.getByTestId('number-status').getByText('已连接').waitFor();
      await row.getByText('每日 2,000 人').waitFor();
      await expect.poll(() => page.locator('[data-testid=wslist-page] tr.ant-table-row').count()).toBe(1);
    }

    // One more through the registration screen, with the code the sandbox "texted" shown on it.
    await page.goto(`${baseUrl}/accountmanage/registration`);
    await page.getByTestId('registration-source').getByText('沙箱号码').click();
    await page.getByTestId('sandbox-registration-create').click();
    await page.getByTestId('registration-send-code').click();
    await page.getByTestId('sandbox-code').waitFor();
    await page.getByTestId('sandbox-code-fill').click();
    await page.getByTestId('registration-verify').click();
    await registerWithPin(page, '135790');
    await page.getByTestId('registration-done').getByText('已连接').waitFor();

    // English, then back to Chinese, from the top bar.
    await page.getByTestId('language-switch').click();
    await chooseDropdownItem(page, 'English');
    await sideMenu(page).getByText('Number list').waitFor();
    await page.getByTestId('language-switch').click();
    await chooseDropdownItem(page, '中文');
    await sideMenu(page).getByText('账号列表').waitFor();

    // Signing out ends the session on the server too: the old token is refused once the revoking
    // call (made after the sign-in page is shown) is answered.
    const revoked = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/logout');
    await logOut(page);
    await revoked;
    const userInfo = await fetch(`${baseUrl}/api/blade-auth/oauth/user-info`, { headers: { token } });
    expect(userInfo.status).toBe(401);
    expect(pageErrors).toEqual([]);
  });
});
