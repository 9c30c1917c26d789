import { randomInt } from 'node:crypto';
import type { Page as ListPage, NumberListRecord } from '@ws/contract';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { useBrowser } from './browser.js';
import { openSignedIn, postApi } from './console-pages.js';
import { type SandboxNumber, sandboxControl, useDemo } from './demo.js';

const baseUrl = inject('baseUrl');
const sandboxUrl = inject('sandboxUrl');
const demo = useDemo();
let imported: NumberListRecord | undefined;
afterAll(() => imported && postApi(baseUrl, '/api/agent/recycle', { ids: [imported.id] }, demo.access_token));

/** The sandbox's `/{waba-id}/subscribed_apps` with the number's token. */
async function subscribedApps(number: SandboxNumber, method: 'GET' | 'DELETE' = 'GET') {
  const response = await fetch(`${sandboxUrl}/v23.0/${number.waba_id}/subscribed_apps`, {
    method,
    headers: { authorization: `Bearer ${number.access_token}` },
  });
  return response.json();
}

async function importNumber(number: SandboxNumber): Promise<void> {
  const csv = [
    'phone,phone_number_id,waba_id,token,tags,portfolio',
    `+${number.display_phone_number},${number.phone_number_id},${number.waba_id},${number.access_token},,`,
  ].join('\n');
  const form = new FormData();
  form.append('target', 'sandbox');
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'numbers.csv');
  const response = await fetch(`${baseUrl}/api/agent/import`, {
    method: 'POST',
    headers: { token: demo.access_token },
    body: form,
  });
  const { data } = (await response.json()) as { data: { import_id: string } };
  await expect
    .poll(async () => {
      const progress = await postApi<{ status: string }>(
        baseUrl,
        '/api/agent/importprogress',
        { importId: data.import_id },
        demo.access_token,
      );
      return progress.status;
    })
    .toBe('done');
}

describe("the app's subscription to a WABA's webhooks", () => {
  const browser = useBrowser();

  it('is made on import, and the channel check says when it went missing and restores it', async () => {
    // 1 5558 xxx xxx x: a WABA of its own, never matching the demo numbers' 555010100.
    const number = await sandboxControl<SandboxNumber>('POST', '/numbers', {
      display_phone_number: `+1${5_558_000_000 + randomInt(999_999)}`,
      verified_name: 'E2E Webhooks',
    });
    expect((await subscribedApps(number)).data).toEqual([]);
    await importNumber(number);
    const listed = () =>
      postApi<ListPage<NumberListRecord>>(
        baseUrl,
        '/api/agent/list',
        { filters: { phone: number.display_phone_number } },
        demo.access_token,
      );
    await expect.poll(async () => (await listed()).records[0]?.webhooks_subscribed).toBe(true);
    imported = (await listed()).records[0];
    expect((await subscribedApps(number)).data).toHaveLength(1);

    // Someone unsubscribes the app in Meta's tools: the channel check finds it and subscribes again.
    await subscribedApps(number, 'DELETE');
    const { page } = browser;
    await openSignedIn(page, baseUrl, demo, '/accountmanage/wslist');
    await page.getByTestId('wslist-phone-filter').fill(number.display_phone_number);
    await page.getByTestId('filter-search').click();
    await expect.poll(() => page.getByTestId('number-check').count()).toBe(1);
    await page.getByTestId('number-check').click();
    await page.getByTestId('check-webhooks').waitFor();
    expect(await page.getByTestId('check-webhooks').textContent()).toBe('缺失，已重新订阅');
    expect((await subscribedApps(number)).data).toHaveLength(1);
  });
});
