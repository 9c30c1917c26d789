import { allCalls } from '@ws/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { animationsSettled, useBrowser } from './browser.js';
import { apiSignIn, openSignedIn, sideMenu } from './console-pages.js';

const baseUrl = inject('baseUrl');
const adminPassword = inject('adminPassword');

type OpenApiDocument = { info: { title: string }; paths: Record<string, Record<string, unknown>> };

/** A document's operations as `METHOD path`, the way the page shows them. */
const operationsOf = (document: OpenApiDocument) =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
  );

async function documentAt(url: string): Promise<OpenApiDocument> {
  const response = await fetch(`${baseUrl}${url}`);
  expect(response.status, url).toBe(200);
  return (await response.json()) as OpenApiDocument;
}

/** The operations the page shows, as `METHOD path`. */
const renderedOperations = (page: Page) =>
  page
    .locator('.opblock-summary')
    .evaluateAll((summaries) =>
      summaries.map(
        (summary) =>
          `${summary.querySelector('.opblock-summary-method')?.textContent} ${summary.querySelector('.opblock-summary-path')?.getAttribute('data-path')}`,
      ),
    );

/** Waits until the page shows the domain's document, every one of its operations. */
async function expectDomainRendered(page: Page, domain: string, url: string) {
  const document = await documentAt(url);
  const expected = operationsOf(document).sort();
  expect(expected.length, domain).toBeGreaterThan(0);
  await expect.poll(() => page.locator('.swagger-ui .info .title').textContent()).toContain(document.info.title);
  await expect.poll(async () => (await renderedOperations(page)).sort(), { timeout: 20_000 }).toEqual(expected);
  return expected;
}

describe('API reference', () => {
  const browser = useBrowser();

  it("renders every call of the contract in its domain's page at /api/docs, with nothing refused by its CSP", async () => {
    const { page } = browser;
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      // A refused resource is reported below with its address.
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
        problems.push(`console: ${message.text()}`);
    });
    page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()}`));
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${response.status()}: ${response.url()}`);
    });
    await page.goto(`${baseUrl}/api/docs`);
    // The top bar lists one page per domain; the first opens by default.
    const options = page.locator('.topbar select option');
    await options.first().waitFor({ state: 'attached' });
    const domains = await options.evaluateAll((all) => all.map((option) => option.textContent ?? ''));
    expect(domains).toEqual([...new Set(allCalls.map((call) => call.tag))]);
    const first = domains[0] ?? '';
    await expectDomainRendered(page, first, `/api/docs/openapi/${first}.json`);

    // Every domain's page, opened by its own address, shows all of its document.
    const rendered = new Set<string>();
    for (const domain of domains) {
      await page.goto(`${baseUrl}/api/docs?urls.primaryName=${encodeURIComponent(domain)}`);
      for (const operation of await expectDomainRendered(page, domain, `/api/docs/openapi/${domain}.json`))
        rendered.add(operation);
    }
    // Together the pages show every call of the contract, which is also the whole document for tools.
    const contract = allCalls.map((call) => `${call.method} ${call.path}`).sort();
    expect([...rendered].sort()).toEqual(contract);
    expect(operationsOf(await documentAt('/api/docs/openapi.json')).sort()).toEqual(contract);

    // Picking a domain in the top bar switches the page to it.
    await page.locator('.topbar select').selectOption('inbox');
    await expectDomainRendered(page, 'inbox', '/api/docs/openapi/inbox.json');

    // Everything the pages loaded came from the product itself.
    const origins = await page.evaluate(() =>
      [...new Set(performance.getEntriesByType('resource').map((entry) => new URL(entry.name).origin))].sort(),
    );
    expect(origins).toEqual([baseUrl]);
    expect(problems).toEqual([]);
    // A page per domain of the contract (over forty), each a Swagger UI: minutes on a busy machine.
  }, 180_000);

  it("opens the readable page from the console's menu", async () => {
    const { page } = browser;
    await openSignedIn(page, baseUrl, await apiSignIn(baseUrl, 'admin', adminPassword));
    const link = sideMenu(page).locator('a[data-menu-path="/other/api-docs"]');
    await animationsSettled(page);
    if (!(await link.isVisible())) {
      await sideMenu(page).locator('.ant-menu-submenu-title', { hasText: '其他' }).click();
      await animationsSettled(page);
    }
    await link.click();
    await page.waitForURL((url) => url.pathname === '/myiframe/other-api-docs');
    const frame = page.frameLocator('[data-testid=embedded-page]');
    await frame.locator('.opblock-summary-path[data-path="/api/auth/login"]').waitFor();
    expect(await frame.locator('.opblock').count()).toBeGreaterThan(10);
  });
});
