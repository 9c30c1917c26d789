import { randomInt } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from './browser.js';
import { apiSignIn, chooseOption, confirmDialog, openSignedIn, registerWithPin } from './console-pages.js';
import { type SandboxNumber, sandboxControl } from './demo.js';

const baseUrl = inject('baseUrl');
const adminPassword = inject('adminPassword');

/** What the sandbox now says of the number: it shows the code it "sent" instead of texting it. */
async function sandboxNumber(phoneNumberId: string): Promise<SandboxNumber> {
  const numbers = await sandboxControl<SandboxNumber[]>('GET', '/numbers');
  const found = numbers.find((number) => number.phone_number_id === phoneNumberId);
  if (!found) throw new Error(`the sandbox has no number ${phoneNumberId}`);
  return found;
}

describe('number registration', () => {
  const browser = useBrowser();

  it('registers a number added in WhatsApp Manager with the code the sandbox sent, then deregisters it', async () => {
    const { page } = browser;
    // A number the business added in WhatsApp Manager but has not registered (the admin's tenant has none).
    const national = `138${String(randomInt(10_000_000, 99_999_999))}`;
    const number = await sandboxControl<SandboxNumber>('POST', '/numbers', {
      display_phone_number: `+86${national}`,
      registered: false,
      verified_name: 'E2E Registration',
    });
    expect(number.status).toBe('PENDING');

    await openSignedIn(page, baseUrl, await apiSignIn(baseUrl, 'admin', adminPassword), '/accountmanage/registration');
    await page.getByTestId('registration-page').waitFor();

    // 1. The number: SIM country, phone, Meta's ids and token; the server checks them with Meta.
    await chooseOption(page, 'registration-country', '中国 +86', '+86');
    await page.getByTestId('registration-phone').fill(national);
    await page.getByTestId('registration-phone-number-id').fill(number.phone_number_id);
    await page.getByTestId('registration-waba-id').fill(number.waba_id);
    await page.getByTestId('registration-token').fill(number.access_token);
    await page.getByTestId('registration-target').getByText('本系统的沙箱（模拟）').click();
    await page.getByTestId('registration-prepare').click();
    await page.locator('.ant-message-notice', { hasText: '新增成功' }).waitFor();

    // 2. The code by SMS; then the resend countdown.
    await page.getByTestId('registration-request-step').waitFor();
    await expect.poll(() => page.getByTestId('registration-current').textContent()).toContain('待注册');
    await page.getByTestId('registration-send-code').click();
    await page.getByTestId('registration-verify-step').waitFor();
    const code = (await sandboxNumber(number.phone_number_id)).pending_code;
    expect(code).toMatch(/^\d{6}$/);

    // 3. A wrong code is refused with Meta's reason; the right one verifies the number.
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await page.getByTestId('registration-code').fill(wrong);
    await page.getByTestId('registration-verify').click();
    await page.locator('.ant-message-notice', { hasText: '136025' }).waitFor();
    await page.getByTestId('registration-code').fill(code ?? '');
    await page.getByTestId('registration-verify').click();

    // 4. The two-step PIN, typed twice.
    await registerWithPin(page, '246810');

    // 5. Done: registered at Meta and on the console.
    expect(await page.getByTestId('registration-done').textContent()).toContain('已连接');
    expect(await sandboxNumber(number.phone_number_id)).toMatchObject({ registered: true, status: 'CONNECTED' });

    // The table lists it as connected; deregistering asks first.
    const row = page.locator('[data-testid=registration-table] tr', { hasText: number.phone_number_id });
    await expect.poll(() => row.getByTestId('registration-row-status').textContent()).toBe('已连接');
    await row.getByTestId('registration-deregister').click();
    await page.locator('.ant-modal-confirm', { hasText: '确定注销号码' }).waitFor();
    await confirmDialog(page);
    await expect.poll(() => row.getByTestId('registration-row-status').textContent()).toBe('已断开');
    expect((await sandboxNumber(number.phone_number_id)).registered).toBe(false);
  });
});
