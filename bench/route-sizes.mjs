// JavaScript each console route loads, raw and gzip: builds what is stale, starts the built product,
// opens every route cold in Debian's Chromium and sums the same-origin scripts it fetched.
//
//   node route-sizes.mjs [--no-json] [--login-only]       (from the root: npm run route-sizes -w bench)
//
// Routes: /login, then (unless --login-only) every page link of the signed-in console's side menu.
// Besides the scripts' sizes, it sums the bytes each route really transferred from the product
// (every same-origin response, headers included, as Chromium received them: compressed or not). Writes
// results/route-sizes.json unless --no-json is given. Exits 1 when /login loads more than
// LOGIN_BUDGET_KB of gzip JavaScript, or when anything could not be measured.
import { spawnSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchChromium } from '../e2e/chromium.mjs';
import { repoRoot, startProduct } from './product.mjs';

const LOGIN_BUDGET_KB = 400;
// 1 KB = 1000 bytes, as Vite reports its chunk sizes.
const KB = 1000;
const GZIP_LEVEL = 9;
const ADMIN_PASSWORD = 'bench-admin-pass-1';
// Pages a signed-in admin must reach, measured even if the menu hides them in a collapsed group.
const ALWAYS_MEASURED = ['/accountmanage/wslist', '/info/index'];
const resultsFile = path.join(repoRoot, 'bench/results/route-sizes.json');
const writeJson = !process.argv.includes('--no-json');
const loginOnly = process.argv.includes('--login-only');

/** Opens `route` in a new context (empty HTTP cache, so nothing is counted warm) and sums its same-origin scripts. */
async function measureRoute(browser, baseUrl, route, storageState) {
  const context = await browser.newContext({ storageState });
  context.setDefaultTimeout(30_000);
  const bodies = new Map();
  context.on('response', (response) => {
    const url = new URL(response.url());
    const isScript = response.request().resourceType() === 'script' || url.pathname.endsWith('.js');
    // Redirects have no body; a URL fetched twice is one file.
    if (url.origin !== baseUrl || !isScript || !response.ok() || bodies.has(url.href)) return;
    // Sized as it arrives; a failure is kept as a value, since a rejection nobody awaits yet would end the process.
    const sized = response.body().then(
      (bytes) => ({ path: url.pathname, raw: bytes.length, gzip: gzipSync(bytes, { level: GZIP_LEVEL }).length }),
      (failure) => new Error(`${url.pathname}: no body (${failure.message})`),
    );
    bodies.set(url.href, sized);
  });
  const transfers = [];
  context.on('requestfinished', (request) => {
    const url = new URL(request.url());
    if (url.origin !== baseUrl) return;
    // Chromium's own count of what crossed the wire: the encoded body plus the response headers.
    const sized = Promise.all([request.sizes(), request.response()]).then(
      ([sizes, response]) => ({
        path: url.pathname,
        bytes: sizes.responseBodySize + sizes.responseHeadersSize,
        encoding: response?.headers()['content-encoding'] ?? 'identity',
      }),
      (failure) => new Error(`${url.pathname}: no sizes (${failure.message})`),
    );
    transfers.push(sized);
  });
  try {
    const page = await context.newPage();
    await page.goto(`${baseUrl}${route}`);
    await page.waitForLoadState('networkidle');
    const scripts = await Promise.all(bodies.values());
    const transferred = await Promise.all(transfers);
    const failure = [...scripts, ...transferred].find((item) => item instanceof Error);
    if (failure) throw failure;
    const sum = (key) => scripts.reduce((total, script) => total + script[key], 0);
    return {
      path: route,
      landedOn: new URL(page.url()).pathname,
      rawBytes: sum('raw'),
      gzipBytes: sum('gzip'),
      transferBytes: transferred.reduce((total, response) => total + response.bytes, 0),
      scripts,
      transferred,
    };
  } finally {
    await context.close();
  }
}

/** Signs in through the form, as a user would, so that the console itself stores its session. */
async function signInThroughUi(browser, baseUrl) {
  const context = await browser.newContext();
  context.setDefaultTimeout(30_000);
  try {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.fill('#login_username', 'admin');
    await page.fill('#login_password', ADMIN_PASSWORD);
    // CAPTCHA=off accepts any answer, but the form requires one.
    await page.fill('#login_capVal', '7');
    await page.click('#login button[type=submit]');
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.waitForLoadState('networkidle');
    // The menu may still be rendering after network idle; its absence is reported below, not here.
    await page.waitForSelector('[data-testid="side-menu"], [data-menu-path]', { timeout: 10_000 }).catch(() => {});
    // A collapsed group renders no leaves at all, so open each one (bounded, in case a click opens nothing).
    const closedGroups = page.locator('[data-testid="side-menu"] [aria-expanded="false"]');
    for (let clicks = 0; clicks < 50 && (await closedGroups.count()) > 0; clicks++) await closedGroups.first().click();
    // A leaf's link says where it really goes (an embedded page's path differs from its menu path);
    // an element that only carries data-menu-path (a pop-up of a collapsed menu) gives that path.
    const found = await page.evaluate(() =>
      [...document.querySelectorAll('[data-testid="side-menu"] a[href], [data-menu-path]')].map((element) =>
        element instanceof HTMLAnchorElement && element.href ? element.href : element.getAttribute('data-menu-path'),
      ),
    );
    const menuPaths = found.map((href) => new URL(href, baseUrl)).filter((url) => url.origin === baseUrl);
    if (menuPaths.length === 0) {
      throw new Error(
        `no menu links after sign-in (landed on ${new URL(page.url()).pathname}): no a[href] inside ` +
          '[data-testid="side-menu"] and no [data-menu-path] element; does this console build have its side menu?',
      );
    }
    const routes = new Set([...menuPaths.map((url) => url.pathname), ...ALWAYS_MEASURED]);
    routes.delete('/login');
    return { storageState: await context.storageState(), routes: [...routes] };
  } finally {
    await context.close();
  }
}

/** Checks the credentials through the API first, so that a failing form sign-in points at the console. */
async function checkApiSignIn(baseUrl) {
  const body = { username: 'admin', password: ADMIN_PASSWORD, capId: '', capVal: '1' };
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const envelope = await response.json().catch(() => undefined);
  if (response.status !== 200 || envelope?.code !== 0 || !envelope.data?.access_token) {
    throw new Error(`POST /api/auth/login answered ${response.status}: ${JSON.stringify(envelope)?.slice(0, 300)}`);
  }
}

function printTable(rows) {
  const header = ['route', 'scripts', 'raw KB', 'gzip KB', 'transferred KB'];
  const lines = rows.map((row) => [
    row.landedOn === row.path ? row.path : `${row.path} → ${row.landedOn}`,
    String(row.scripts.length),
    (row.rawBytes / KB).toFixed(1),
    (row.gzipBytes / KB).toFixed(1),
    (row.transferBytes / KB).toFixed(1),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column].length)));
  // Route names left-aligned, figures right-aligned.
  const format = (cells) =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[0]) : cell.padStart(widths[column]))).join('  ');
  console.log([format(header), widths.map((width) => '-'.repeat(width)).join('  '), ...lines.map(format)].join('\n'));
}

async function main() {
  // Rebuilds only what is stale; a console that does not build cannot be measured.
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`node scripts/build.mjs failed (${build.status ?? build.signal})`);

  const product = await startProduct(ADMIN_PASSWORD);
  // Ctrl-C also reaches the server and Chromium; handling it here lets the clean-up below run.
  let interrupted = false;
  const onInterrupt = () => {
    interrupted = true;
    void product.stop();
  };
  process.once('SIGINT', onInterrupt);
  const rows = [];
  let browser;
  let browserVersion;
  let error;
  try {
    browser = await launchChromium();
    browserVersion = browser.version();
    rows.push(await measureRoute(browser, product.url, '/login'));
    await checkApiSignIn(product.url);
    const { storageState, routes } = loginOnly
      ? { storageState: undefined, routes: [] }
      : await signInThroughUi(browser, product.url);
    for (const route of routes) {
      const row = await measureRoute(browser, product.url, route, storageState);
      rows.push(row);
      // A lost session would measure the sign-in page again under another name.
      if (row.landedOn === '/login') throw new Error(`${route} sent the signed-in browser back to /login`);
    }
  } catch (caught) {
    error = interrupted ? 'interrupted' : caught instanceof Error ? caught.message : String(caught);
  } finally {
    await browser?.close().catch(() => {});
    const exit = await product.stop();
    process.removeListener('SIGINT', onInterrupt);
    if (exit.code !== 0) error ??= `the product did not stop cleanly (${JSON.stringify(exit)}):\n${product.output()}`;
  }

  if (rows.length > 0) printTable(rows);
  const login = rows.find((row) => row.path === '/login');
  const overBudget = login !== undefined && login.gzipBytes > LOGIN_BUDGET_KB * KB;
  if (overBudget) {
    console.error(
      `FAILED: /login loads ${(login.gzipBytes / KB).toFixed(1)} KB of gzip JavaScript, over the ${LOGIN_BUDGET_KB} KB budget`,
    );
  } else if (login) {
    console.log(`/login: ${(login.gzipBytes / KB).toFixed(1)} KB gzip, within the ${LOGIN_BUDGET_KB} KB budget`);
    console.log(
      `/login: ${(login.transferBytes / KB).toFixed(1)} KB transferred (${login.transferred.length} responses)`,
    );
  }
  if (error) console.error(`FAILED: ${error}`);
  if (writeJson && rows.length > 0) {
    const settings = { gzipLevel: GZIP_LEVEL, kilobyte: KB, loginBudgetKB: LOGIN_BUDGET_KB, chromium: browserVersion };
    const results = {
      date: new Date().toISOString(),
      node: process.version,
      settings,
      routes: rows,
      error,
      ok: !error && !overBudget,
    };
    await fs.writeFile(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
    console.log(`Wrote ${path.relative(repoRoot, resultsFile)}`);
  }
  if (error || overBudget) process.exitCode = 1;
}

// Build and start failures end here, after the clean-up, with a message instead of a stack.
await main().catch((failure) => {
  console.error(`FAILED: ${failure instanceof Error ? failure.message : String(failure)}`);
  process.exitCode = 1;
});
