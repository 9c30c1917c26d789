/**
 * Click-to-chat links (/marketingTasks/diversionlink) in both languages: an operator creates a link
 * with the demo's three numbers and working hours (two open now, one closed), opens `/l/{slug}`
 * in a phone's browser several times, sees the visits rotate over the two open numbers only (never
 * the closed one, never anywhere but wa.me), and finds the clicks on the link's details page.
 */
import { randomBytes } from 'node:crypto';
import type { Link, LinkDetails, Page as ListPage } from '@ws/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { saveScreenshot, useBrowser } from './browser.js';
import { confirmDialog, expectToast, openInLanguage, postApi, recordPageErrors } from './console-pages.js';
import { sendingDemoNumbers, useDemo } from './demo.js';

const baseUrl = inject('baseUrl');
const demo = useDemo();
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const VISITS = 6;
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

const RUNS = {
  zh: { created: '新增成功', deleted: '删除成功' },
  en: { created: 'Created successfully', deleted: 'Deleted successfully' },
} as const;

/** `HH:00` in the time zone, `hours` from now. */
function clockIn(timeZone: string, hours: number): string {
  const hour = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(
    new Date(Date.now() + hours * 3_600_000),
  );
  return `${hour.padStart(2, '0')}:00`;
}

/** The tenant's time zone, as a link reports it (a link made and deleted for the purpose). */
async function tenantTimeZone(): Promise<string> {
  const probe = await postApi<Link>(baseUrl, '/api/link/add', { name: 'e2e time zone probe' }, demo.access_token);
  await postApi(baseUrl, '/api/link/dellink', { ids: [probe.id] }, demo.access_token);
  return probe.time_zone;
}

const OPEN_DROPDOWN = '.ant-select-dropdown:not(.ant-select-dropdown-hidden)';

async function fillTarget(page: Page, index: number, phone: string, hours: [string, string]) {
  // The previous row's dropdown must be gone: a click on its fading options would be lost.
  await page.waitForFunction((selector) => !document.querySelector(selector), OPEN_DROPDOWN);
  await page.getByTestId('link-target-add').click();
  const row = page.getByTestId('link-target-row').nth(index);
  const typed = phone.replace(/\D/g, '').slice(-4);
  await row.getByTestId('link-target-number').click();
  await page.keyboard.type(typed);
  // The server's answer to the search: every option offered holds the digits typed.
  await page.waitForFunction(
    ([selector, digits]) => {
      const options = Array.from(document.querySelectorAll(`${selector} .ant-select-item-option`));
      return options.length > 0 && options.every((option) => option.textContent?.replace(/\D/g, '').includes(digits));
    },
    [OPEN_DROPDOWN, typed] as const,
  );
  await page.locator(`${OPEN_DROPDOWN} .ant-select-item-option`, { hasText: phone }).first().click();
  await row.filter({ hasText: phone }).waitFor();
  await row.getByTestId('link-target-start').fill(hours[0]);
  await row.getByTestId('link-target-end').fill(hours[1]);
}

/**
 * Opens the link in a phone's browser and answers where the browser went next: the request it made
 * after the redirect (wa.me does not resolve here, so nothing leaves the machine).
 */
async function visitAsPhone(page: Page, url: string, times: number): Promise<string[]> {
  const phone = await page.context().browser()?.newContext({ userAgent: IPHONE, locale: 'es-ES' });
  if (!phone) throw new Error('no browser');
  try {
    const tab = await phone.newPage();
    const landed: string[] = [];
    for (let i = 0; i < times; i += 1) {
      const [next] = await Promise.all([
        tab.waitForRequest((request) => !request.url().startsWith(baseUrl)),
        tab.goto(url).catch(() => undefined),
      ]);
      landed.push(next.url());
    }
    return landed;
  } finally {
    await phone.close();
  }
}

describe('click-to-chat links (/marketingTasks/diversionlink)', () => {
  const browser = useBrowser();

  for (const language of ['zh', 'en'] as const) {
    const run = RUNS[language];
    it(`in ${language}: a link with three numbers and working hours rotates its visitors and counts their clicks`, async () => {
      const { page } = browser;
      const pageErrors = recordPageErrors(page);
      const name = `e2e link ${language} ${randomBytes(3).toString('hex')}`;
      const slug = `e2e-${language}-${randomBytes(3).toString('hex')}`;
      const [first, second, third] = await sendingDemoNumbers(demo, 3);
      if (!first || !second || !third) throw new Error('the demo has fewer than three numbers');
      const zone = await tenantTimeZone();
      const openNow: [string, string] = [clockIn(zone, -1), clockIn(zone, 2)];
      const closedNow: [string, string] = [clockIn(zone, 3), clockIn(zone, 4)];

      await openInLanguage(page, baseUrl, demo, language, '/marketingTasks/diversionlink');
      await page.getByTestId('links-page').waitFor();
      await page.getByTestId('link-create').click();
      await page.getByTestId('link-form').waitFor();
      await page.getByTestId('link-name').fill(name);
      await page.getByTestId('link-slug').fill(slug);
      await page.getByTestId('link-message').fill('Hola, vi su anuncio');
      await fillTarget(page, 0, first.phone, openNow);
      await fillTarget(page, 1, second.phone, openNow);
      await fillTarget(page, 2, third.phone, closedNow);
      await saveScreenshot(page, `link-form-${language}`);
      await page.getByTestId('link-submit').click();
      await expectToast(page, run.created);
      await page.getByTestId('link-form').waitFor({ state: 'detached' });

      const row = page.locator('[data-testid=link-table] tr.ant-table-row', { hasText: name });
      await row
        .getByTestId('link-url')
        .filter({ hasText: `/l/${slug}` })
        .waitFor();
      const targets = row.getByTestId('link-targets');
      expect(await targets.locator('[data-state=open]').count()).toBe(2);
      expect(await targets.locator('[data-state=closed_hours]').textContent()).toContain(third.phone);
      await saveScreenshot(page, `links-${language}`);

      // Six visits from a phone: every one lands on wa.me, on the two open numbers in turn.
      const landed = await visitAsPhone(page, `${baseUrl}/l/${slug}`, VISITS);
      const digits = landed.map((url) => {
        const parsed = new URL(url);
        expect(parsed.origin).toBe('https://wa.me');
        expect(parsed.searchParams.get('text')).toMatch(/^Hola, vi su anuncio\n\n#ref:[a-z2-7]{8}$/);
        return parsed.pathname.slice(1);
      });
      const [a, b, c] = [first, second, third].map((number) => number.phone.replace(/\D/g, ''));
      expect(digits).toEqual([a, b, a, b, a, b]);
      expect(digits).not.toContain(c);

      // The clicks reach the log within a moment (written in batches), then the details page shows them.
      const [link] = (
        await postApi<ListPage<Link>>(baseUrl, '/api/link/list', { filters: { search: slug } }, demo.access_token)
      ).records;
      if (!link) throw new Error('the link is not listed');
      await expect
        .poll(
          async () =>
            (await postApi<LinkDetails>(baseUrl, '/api/link/details', { id: link.id }, demo.access_token)).totals
              .human_clicks,
        )
        .toBe(VISITS);
      await page.getByTestId('link-refresh').click();
      await row
        .getByTestId('link-clicks-count')
        .filter({ hasText: String(VISITS) })
        .waitFor();
      await row.getByTestId('link-name-link').click();
      const details = page.getByTestId('link-details');
      await details
        .getByTestId('link-total-clicks')
        .filter({ hasText: String(VISITS) })
        .waitFor();
      await details.getByTestId('link-days-chart').waitFor();
      const perTarget = details.locator('[data-testid=link-per-target] tr.ant-table-row');
      for (const number of [first, second]) {
        expect(await perTarget.filter({ hasText: number.phone }).locator('td').nth(1).textContent()).toBe('3');
      }
      const log = details.locator('[data-testid=link-clicks] tr.ant-table-row');
      await log.nth(VISITS - 1).waitFor();
      expect(await log.count()).toBe(VISITS);
      await saveScreenshot(page, `link-details-${language}`);
      await page.keyboard.press('Escape');
      await details.waitFor({ state: 'hidden' });

      // A desktop gets the bridge page: the QR code and a button to the same kind of wa.me link.
      const desktop = await page.context().browser()?.newContext({ userAgent: DESKTOP });
      if (!desktop) throw new Error('no browser');
      try {
        const tab = await desktop.newPage();
        await tab.goto(`${baseUrl}/l/${slug}`);
        await tab.getByTestId('link-qr').locator('svg').waitFor();
        const href = (await tab.getByTestId('link-open').getAttribute('href')) ?? '';
        expect([a, b]).toContain(new URL(href).pathname.slice(1));
        await saveScreenshot(tab, `link-bridge-${language}`);
      } finally {
        await desktop.close();
      }

      // The demo tenant is shared with the other tests: the link goes again.
      await row.getByTestId('link-delete').click();
      await confirmDialog(page);
      await expectToast(page, run.deleted);
      await row.waitFor({ state: 'detached' });
      expect(pageErrors).toEqual([]);
    });
  }
});
