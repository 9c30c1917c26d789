import { describe, expect, inject, it } from 'vitest';
import { animationsSettled, useBrowser } from './browser.js';
import { apiSignIn, openSignedIn, sideMenu } from './console-pages.js';

const baseUrl = inject('baseUrl');
const adminPassword = inject('adminPassword');

/** How many operations the OpenAPI document describes. */
async function operationCount(): Promise<number> {
  const response = await fetch(`${baseUrl}/api/docs/openapi.json`);
  const document = (await response.json()) as { paths: Record<string, Record<string, unknown>> };
  return Object.values(document.paths).reduce((total, methods) => total + Object.keys(methods).length, 0);
}

describe('API reference', () => {
  const browser = useBrowser();

  it('renders every operation of the OpenAPI document at /api/docs, with nothing refused by its CSP', async () => {
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
    await page.locator('.opblock-summary-path[data-path="/api/auth/logout"]').waitFor();
    expect(await page.locator('.swagger-ui .info .title').textContent()).toMatch(/\S/);
    expect(await page.locator('.opblock').count()).toBe(await operationCount());
    // Everything the page loaded came from the product itself.
    const origins = await page.evaluate(() =>
      [...new Set(performance.getEntriesByType('resource').map((entry) => new URL(entry.name).origin))].sort(),
    );
    expect(origins).toEqual([baseUrl]);
    expect(problems).toEqual([]);
  });

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
