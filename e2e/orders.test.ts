/**
 * Lead-intake orders (/marketingTasks/vermicelliOrder) in both languages: an operator creates an
 * order with two shares (a number's and an agent's), sandbox customers open each share's link from
 * a phone and write its pre-filled text to the number it sent them to, and the order's drawer shows,
 * without a reload, each share's lead counted toward its aim and the order's, the intake records
 * coming from the links, the chart per day and the history.
 */
import { randomBytes } from 'node:crypto';
import type { Link, LinkDetails, Page as ListPage } from '@ws/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { saveScreenshot, useBrowser } from './browser.js';
import {
  chooseOption,
  confirmDialog,
  expectToast,
  openInLanguage,
  postApi,
  recordPageErrors,
} from './console-pages.js';
import { type SandboxNumber, sandboxControl, sendingDemoNumbers, useDemo } from './demo.js';
import { createSeat } from './seats.js';

const baseUrl = inject('baseUrl');
const demo = useDemo();
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const RUNS = {
  zh: { number: '号码', agent: '客服', link: '链接', created: '新增成功', deleted: '删除成功', details: '进粉明细' },
  en: {
    number: 'Number',
    agent: 'Agent',
    link: 'Link',
    created: 'Created successfully',
    deleted: 'Deleted successfully',
    details: 'Intake records',
  },
} as const;

const digits = (phone: string) => phone.replace(/\D/g, '');

/**
 * A customer opens the share's link from a phone and writes the pre-filled text, as WhatsApp would
 * send it, to the number the link chose (wa.me is not reached: the redirect is read, not followed).
 */
async function customerComesThrough(path: string, waId: string): Promise<void> {
  const response = await fetch(`${baseUrl}${path}`, { redirect: 'manual', headers: { 'user-agent': IPHONE } });
  expect(response.status).toBe(302);
  const whatsApp = new URL(response.headers.get('location') ?? '');
  expect(whatsApp.origin).toBe('https://wa.me');
  const numbers = await sandboxControl<SandboxNumber[]>('GET', '/numbers');
  const number = numbers.find((candidate) => digits(candidate.display_phone_number) === whatsApp.pathname.slice(1));
  if (!number) throw new Error(`no sandbox number for ${whatsApp}`);
  // The click log is written in batches: the visitor's message is attributed once its click is logged.
  const slug = path.slice('/l/'.length);
  const [link] = (
    await postApi<ListPage<Link>>(baseUrl, '/api/link/list', { filters: { search: slug } }, demo.access_token)
  ).records;
  if (!link) throw new Error(`no link ${slug}`);
  await expect
    .poll(
      async () =>
        (await postApi<LinkDetails>(baseUrl, '/api/link/details', { id: link.id }, demo.access_token)).totals
          .human_clicks,
    )
    .toBe(1);
  await sandboxControl('POST', '/inbound', {
    phone_number_id: number.phone_number_id,
    from: waId,
    type: 'text',
    text: whatsApp.searchParams.get('text') ?? '',
  });
}

async function addShare(page: Page, kind: string, pick: (page: Page) => Promise<void>, aim: string) {
  await page.getByTestId('share-add').click();
  await page.getByTestId('share-form').waitFor();
  await page.getByTestId('share-owner-kind').getByText(kind, { exact: true }).click();
  await pick(page);
  await page.getByTestId('share-aim').fill(aim);
  await page.getByTestId('share-message').fill('Hola, quiero información');
  await page.getByTestId('share-save').click();
  await page.getByTestId('share-form').waitFor({ state: 'detached' });
}

describe('lead-intake orders (/marketingTasks/vermicelliOrder)', () => {
  const browser = useBrowser();

  for (const language of ['zh', 'en'] as const) {
    const run = RUNS[language];
    it(`in ${language}: an order with two shares counts the customers who came through their links`, async () => {
      const { page } = browser;
      const pageErrors = recordPageErrors(page);
      const name = `e2e order ${language} ${randomBytes(3).toString('hex')}`;
      const [first, second] = await sendingDemoNumbers(demo, 2);
      if (!first || !second) throw new Error('the demo has fewer than two numbers');
      // The agent's share links to the numbers the agent serves.
      const seat = await createSeat(baseUrl, demo);
      await postApi(
        baseUrl,
        '/api/inbox/agent/set',
        { userId: seat.pair.user_info.user_id, numberIds: [second.id], maxOpen: 20 },
        demo.access_token,
      );

      await openInLanguage(page, baseUrl, demo, language, '/marketingTasks/vermicelliOrder');
      await page.getByTestId('orders-page').waitFor();
      await page.getByTestId('order-create').click();
      await page.getByTestId('order-form').waitFor();
      await page.getByTestId('order-form-name').fill(name);
      await page.getByTestId('order-form-aim').fill('4');
      await page.getByTestId('order-form-daily-aim').fill('2');
      await page.getByTestId('order-form-save').click();
      await expectToast(page, run.created);
      // The new order opens in its drawer.
      const drawer = page.getByTestId('order-drawer');
      await drawer.getByTestId('share-add').waitFor();

      await addShare(
        page,
        run.number,
        (p) => chooseOption(p, 'share-number', first.phone, digits(first.phone).slice(-4)),
        '2',
      );
      await addShare(page, run.agent, (p) => chooseOption(p, 'share-agent', seat.name, seat.name), '2');
      const links = drawer.getByTestId('share-link');
      await expect.poll(() => links.count()).toBe(2);
      const paths = (await links.allTextContents()).map((text) => text.trim());
      for (const path of paths) expect(path).toMatch(/^\/l\/[a-z0-9-]+$/);
      await drawer.getByTestId('share-qr').first().click();
      await page.getByTestId('share-qr-image').waitFor();
      await saveScreenshot(page, `order-shares-${language}`);
      await page.keyboard.press('Escape');

      // One new customer through each share's link; the drawer follows live (no reload).
      const suffix = String(Date.now()).slice(-6);
      await customerComesThrough(paths[0] as string, `3461${language === 'zh' ? 1 : 2}0${suffix}`);
      await customerComesThrough(paths[1] as string, `3462${language === 'zh' ? 1 : 2}0${suffix}`);
      await expect
        .poll(() => drawer.getByTestId('drawer-leads').getAttribute('data-leads'), { timeout: 30_000 })
        .toBe('2');
      // Each share: its lead against its aim (and the bar's percentage after it).
      const shareLeads = await drawer
        .getByTestId('share-leads')
        .evaluateAll((cells) =>
          cells.map((cell) => `${cell.getAttribute('data-leads')} / ${cell.getAttribute('data-aim')}`),
        );
      expect(shareLeads).toEqual(['1 / 2', '1 / 2']);
      expect(await drawer.getByTestId('drawer-today').textContent()).toContain('2 / 2');

      // The order's aim raised by hand: the progress follows.
      await drawer.getByTestId('order-set-aim').click();
      await page.getByTestId('aim-form-aim').fill('5');
      await page.getByTestId('aim-save').click();
      await expect.poll(() => drawer.getByTestId('drawer-leads').getAttribute('data-aim')).toBe('5');

      await drawer.getByRole('tab', { name: run.details }).click();
      const sources = drawer.locator('[data-testid=detail-source]');
      await expect.poll(() => sources.count()).toBe(2);
      expect(await sources.allTextContents()).toEqual([run.link, run.link]);
      await drawer.getByRole('tab').nth(1).click();
      await drawer.getByTestId('order-days-chart').waitFor();
      await saveScreenshot(page, `order-progress-${language}`);
      await drawer.getByRole('tab').nth(3).click();
      await expect
        .poll(() => drawer.locator('[data-testid=order-record-action][data-action=addshare]').count())
        .toBe(2);
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });

      const row = page.locator('[data-testid=order-table] tr.ant-table-row', { hasText: name });
      await expect.poll(() => row.getByTestId('order-leads').getAttribute('data-leads')).toBe('2');
      await row.getByTestId('order-delete').click();
      await confirmDialog(page);
      await expectToast(page, run.deleted);
      await row.waitFor({ state: 'detached' });
      // The shares' links went with the order.
      const gone = await fetch(`${baseUrl}${paths[0]}`, { redirect: 'manual', headers: { 'user-agent': IPHONE } });
      expect(gone.status).toBe(404);
      // The agent leaves the demo number, so no other test's conversation may wait for it.
      await postApi(
        baseUrl,
        '/api/inbox/agent/set',
        { userId: seat.pair.user_info.user_id, numberIds: [], maxOpen: 20 },
        demo.access_token,
      );
      expect(pageErrors).toEqual([]);
    });
  }
});
