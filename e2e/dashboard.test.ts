import type {
  Campaign,
  CampaignDetails,
  HomeSummary,
  Page as ListPage,
  NumberListRecord,
  Template,
} from '@ws/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { saveScreenshot, useBrowser } from './browser.js';
import { apiSignIn, atPath, openInLanguage, openSignedIn, postApi, recordPageErrors } from './console-pages.js';
import { useConsentingContacts, useDemo, useDemoTag } from './demo.js';

/**
 * The dashboard (/wel/index) after a small campaign through the sandbox: today's sends on screen
 * are the summary call's, which counted the campaign's messages; the platform admin's totals count
 * them too.
 */
const baseUrl = inject('baseUrl');
const adminPassword = inject('adminPassword');
const demo = useDemo();
const contactPool = useConsentingContacts(demo);
const LIVE_TIMEOUT = 90_000;
const AUDIENCE = 4;

const shown = (value: number) => value.toLocaleString('en-US');
const figureOf = (page: Page, testId: string) =>
  page.locator(`[data-testid=${testId}] .ant-statistic-content-value`).first().textContent();
const summaryNow = () => postApi<HomeSummary>(baseUrl, '/api/home/summary', {}, demo.access_token);

async function getApi<T>(path: string, token: string): Promise<T> {
  const reply = await fetch(new URL(path, baseUrl), { headers: { token } });
  const body = (await reply.json()) as { code: number; data: T };
  if (body.code !== 0) throw new Error(`${path}: ${JSON.stringify(body)}`);
  return body.data;
}

/** A mass send of the demo template from the demo's first number to contacts carrying the tag; its id. */
async function smallCampaign(tagId: string): Promise<string> {
  const numbers = await postApi<ListPage<NumberListRecord>>(
    baseUrl,
    '/api/agent/list',
    { page: 1, pageSize: 10, filters: {} },
    demo.access_token,
  );
  const sender = numbers.records.find((number) => number.phone.replace(/\D/g, '') === '15550101001');
  const templates = await postApi<ListPage<Template>>(
    baseUrl,
    '/api/template/list',
    { filters: { search: 'spring_collection', status: 'APPROVED' } },
    demo.access_token,
  );
  const template = templates.records.find((candidate) => candidate.name === 'spring_collection');
  if (!sender || !template) throw new Error('the demo has no first number or no approved spring_collection');
  const added = await postApi<{ campaign: Campaign }>(
    baseUrl,
    '/api/btmsg/add',
    {
      name: `e2e dashboard ${Date.now()}`,
      numberIds: [sender.id],
      audience: { tagIds: [tagId] },
      content: {
        kind: 'template',
        templateId: template.id,
        variables: { 'body.1': { source: 'field', field: 'name', fallback: 'friend' } },
      },
      options: { frequencyCapHours: 0 },
    },
    demo.access_token,
  );
  return added.campaign.id;
}

describe('the dashboard (/wel/index)', () => {
  const browser = useBrowser();
  const tag = useDemoTag(demo, 'contact', '#13C2C2');

  it("shows today's sends after a small campaign, in en and zh, each figure linking to its screen", async () => {
    const { page } = browser;
    const pageErrors = recordPageErrors(page);
    const before = await summaryNow();
    // The pool's last contacts: campaigns.test.ts hands out its first ones.
    const audience = contactPool.slice(-AUDIENCE);
    await postApi(
      baseUrl,
      '/api/friend/settag',
      { ids: audience.map((contact) => contact.id), addTagIds: [tag.id] },
      demo.access_token,
    );
    const id = await smallCampaign(tag.id);
    await expect
      .poll(
        async () =>
          (
            await postApi<CampaignDetails>(
              baseUrl,
              '/api/btmsg/details',
              { id, page: 1, pageSize: 10 },
              demo.access_token,
            )
          ).campaign.status,
        { timeout: LIVE_TIMEOUT, interval: 500 },
      )
      .toBe('completed');
    await expect
      .poll(async () => (await summaryNow()).messages_today.sent, { timeout: LIVE_TIMEOUT, interval: 500 })
      .toBeGreaterThanOrEqual(before.messages_today.sent + AUDIENCE);
    const after = await summaryNow();
    expect(after.message_days.at(-1)?.sent).toBe(after.messages_today.sent);

    await openInLanguage(page, baseUrl, demo, 'en', '/wel/index');
    await page.getByTestId('home-figures').waitFor();
    await expect.poll(() => figureOf(page, 'home-sent')).toBe(shown(after.messages_today.sent));
    expect(await figureOf(page, 'home-contacts')).toBe(shown(after.contacts.total));
    await page.getByTestId('home-messages-chart').locator('canvas').waitFor();
    expect(await page.getByTestId('home-messages-card').locator('.ant-statistic-title').allTextContents()).toEqual([
      'Sent',
      'Received',
      'Delivered',
      'Read',
      'Failed',
    ]);
    await saveScreenshot(page, 'dashboard-en');

    await openInLanguage(page, baseUrl, demo, 'zh', '/wel/index');
    await expect.poll(() => figureOf(page, 'home-sent')).toBe(shown(after.messages_today.sent));
    expect(await page.getByTestId('home-messages-card').locator('.ant-statistic-title').first().textContent()).toBe(
      '已发送',
    );
    await saveScreenshot(page, 'dashboard-zh');

    // Each card leads to its screen.
    for (const [card, path] of [
      ['home-messages-card', '/passenger/chat_record'],
      ['home-numbers-card', '/accountmanage/wslist'],
      ['home-wallet-card', '/bill/rate'],
    ] as const) {
      await page.goto(`${baseUrl}/wel/index`);
      await page.getByTestId(card).locator('.ant-card-extra a').click();
      await page.waitForURL(atPath(path));
    }
    expect(pageErrors).toEqual([]);
  }, 180_000);

  it("shows the platform admin the platform's totals, today's messages included", async () => {
    const { page } = browser;
    const admin = await apiSignIn(baseUrl, 'admin', adminPassword);
    const totals = await getApi<{ customers: number; messages_today: number }>('/api/auth/data', admin.access_token);
    expect(totals.messages_today).toBeGreaterThanOrEqual(AUDIENCE);
    await openSignedIn(page, baseUrl, admin, '/wel/index');
    await page.getByTestId('home-platform').waitFor();
    await expect.poll(() => figureOf(page, 'home-platform-customers')).toBe(shown(totals.customers));
    expect(
      Number((await figureOf(page, 'home-platform-platformMessagesToday'))?.replace(/,/g, '')),
    ).toBeGreaterThanOrEqual(totals.messages_today);
    await page.getByTestId('home-platform').locator('.ant-card-extra a').click();
    await page.waitForURL(atPath('/terrace/user'));
  });
});
