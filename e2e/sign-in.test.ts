import { randomBytes } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from './browser.js';
import {
  apiSignIn,
  logOut,
  openSignInPage,
  pathOf,
  signIn,
  storedContent,
  storedItems,
  submitCredentials,
  toastTexts,
} from './console-pages.js';

const baseUrl = inject('baseUrl');
const adminPassword = inject('adminPassword');

const isCaptchaRequest = (url: string) => new URL(url).pathname === '/api/auth/getcapt';

/** The HTTP status of an API call made as a script would make it. */
async function statusOf(path: string, options: { method?: 'GET' | 'POST'; token?: string } = {}): Promise<number> {
  const method = options.method ?? 'POST';
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(options.token ? { token: options.token } : {}) },
    body: method === 'POST' ? '{}' : undefined,
  });
  return response.status;
}

const refreshPath = (refreshToken: string) =>
  `/api/blade-auth/oauth/token?${new URLSearchParams({ refresh_token: refreshToken, grant_type: 'refresh_token' })}`;

describe('sign-in page', () => {
  const browser = useBrowser();

  it('shows a captcha picture', async () => {
    const { page } = browser;
    await openSignInPage(page, baseUrl);
    const src = await page.getByTestId('captcha-image').first().getAttribute('src');
    expect(src).toMatch(/^data:image\/png;base64,.{100,}/);
  });

  it('refuses a wrong password with one toast, a new captcha and nothing stored', async () => {
    const { page } = browser;
    await openSignInPage(page, baseUrl);
    const newCaptcha = page.waitForResponse((response) => isCaptchaRequest(response.url()));
    await submitCredentials(page, 'login', { username: 'admin', password: 'not-the-password' });
    await page.locator('.ant-message-notice', { hasText: '用户名或密码错误' }).waitFor();
    expect((await newCaptcha).status()).toBe(200);
    expect(await toastTexts(page)).toEqual(['用户名或密码错误']);
    expect(pathOf(page)).toBe('/login');
    expect(await storedItems(page)).toEqual({});
    expect(await page.inputValue('#login_capVal')).toBe('');
  });

  it('signs the admin in, stores the session and opens the first tab', async () => {
    const { page } = browser;
    await signIn(page, baseUrl, 'admin', adminPassword);
    expect(pathOf(page)).toBe('/accountmanage/wslist');
    await expect.poll(() => page.title()).toBe('账号列表 - WS Console');
    await page.getByTestId('user-menu').waitFor();
    const stored = await storedItems(page);
    expect(storedContent(stored, 'token')).toMatch(/\S{20,}/);
    expect(storedContent(stored, 'refresh-token')).toMatch(/\S{20,}/);
    expect(JSON.parse(stored['ws-console-token']!)).toMatchObject({ type: 'string', datetime: expect.any(Number) });
    expect(storedContent(stored, 'user-info')).toMatchObject({ username: 'admin', role: 'admin', tenant_id: '000000' });
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'ws-console-access-token')?.value).toBe(
      storedContent(stored, 'token'),
    );
    expect(cookies.find((cookie) => cookie.name === 'ws-console-refresh-token')?.value).toBe(
      storedContent(stored, 'refresh-token'),
    );
  });

  it('registers a new operator who lands signed in', async () => {
    const { page } = browser;
    const username = `op_${randomBytes(4).toString('hex')}`;
    await openSignInPage(page, baseUrl);
    await page.getByRole('tab', { name: '注册' }).click();
    await page.getByTestId('captcha-image').last().waitFor();
    await submitCredentials(page, 'register', { username, password: 'operator-pass-1' });
    await page.waitForURL((url) => url.pathname === '/accountmanage/wslist');
    expect(await page.getByTestId('user-menu').textContent()).toContain(username);
    const user = storedContent(await storedItems(page), 'user-info') as { role: string; tenant_id: string };
    expect(user.role).toBe('operator');
    expect(user.tenant_id).not.toBe('000000');
    expect(await toastTexts(page)).toEqual([]);
  });

  it('signs out back to the sign-in page, forgets the session and the server refuses its tokens', async () => {
    const { page } = browser;
    await signIn(page, baseUrl, 'admin', adminPassword);
    const stored = await storedItems(page);
    const oldSession = {
      access_token: storedContent(stored, 'token') as string,
      refresh_token: storedContent(stored, 'refresh-token') as string,
    };
    const otherSession = await apiSignIn(baseUrl, 'admin', adminPassword);
    const signOutCall = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/logout');
    // Were logOut to fail, the waiting call would reject unhandled as well.
    signOutCall.catch(() => undefined);
    await logOut(page);
    expect((await signOutCall).status()).toBe(200);
    expect(await storedItems(page)).toEqual({});
    expect((await page.context().cookies()).filter((cookie) => cookie.name.startsWith('ws-console-'))).toEqual([]);
    expect(await statusOf('/api/blade-auth/oauth/user-info', { method: 'GET', token: oldSession.access_token })).toBe(
      401,
    );
    expect(await statusOf('/api/friend/list', { token: oldSession.access_token })).toBe(401);
    expect(await statusOf(refreshPath(oldSession.refresh_token))).toBe(401);
    // Only that sign-in ended: the admin's other session still works.
    expect(await statusOf('/api/friend/list', { token: otherSession.access_token })).toBe(200);
    await page.goto(`${baseUrl}/`);
    await page.waitForURL((url) => url.pathname === '/login');
  });

  it('sends a signed-out visitor of a deep link to the sign-in page', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/accountmanage/wslist`);
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByTestId('captcha-image').first().waitFor();
  });

  it('signs out and says so when the server no longer accepts the token', async () => {
    const { page } = browser;
    await openSignInPage(page, baseUrl);
    await page.evaluate(() => {
      const stored = (content: unknown) =>
        JSON.stringify({ type: typeof content === 'string' ? 'string' : 'object', content, datetime: Date.now() });
      localStorage.setItem('ws-console-token', stored('revoked-or-forged'));
      localStorage.setItem('ws-console-refresh-token', stored('revoked-or-forged'));
      const user = { username: 'ghost', role: 'operator', nickname: 'ghost', tenant_id: '1', user_id: '9' };
      localStorage.setItem('ws-console-user-info', stored(user));
    });
    await page.goto(`${baseUrl}/`);
    await page.locator('.ant-message-notice', { hasText: '登录信息已失效，请重新登录' }).waitFor();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await storedItems(page)).toEqual({});
  });

  it('switches to English, keeps the choice and asks the server for English messages', async () => {
    const { page } = browser;
    await openSignInPage(page, baseUrl);
    await page.getByTestId('language-toggle').click();
    await page.getByRole('tab', { name: 'Register' }).waitFor();
    await page.reload();
    await page.getByRole('tab', { name: 'Register' }).waitFor();
    expect(storedContent(await storedItems(page), 'language')).toBe('en');
    await submitCredentials(page, 'login', { username: 'admin', password: 'not-the-password' });
    await page.locator('.ant-message-notice', { hasText: 'Wrong user name or password' }).waitFor();
  });
});

describe('served next to the console', () => {
  it('publishes the OpenAPI document of the calls', async () => {
    const response = await fetch(`${baseUrl}/api/docs/openapi.json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as { openapi: string; paths: Record<string, { post?: unknown }> };
    expect(document.openapi).toMatch(/^3\./);
    expect(document.paths['/api/auth/login']?.post).toBeDefined();
  });

  it('sends the build pre-compressed, hashed assets cached for a year and the page revalidated', async () => {
    const asBrowser = { headers: { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br, zstd' } };
    const page = await fetch(`${baseUrl}/login`, asBrowser);
    expect(page.headers.get('content-encoding')).toBe('br');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const script = /src="(\/assets\/index-[\w-]+\.js)"/.exec(await page.text())?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${baseUrl}${script}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-encoding')).toBe('gzip');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it("answers a console page's deep link with the console", async () => {
    const asBrowser = { headers: { accept: 'text/html,application/xhtml+xml' } };
    const response = await fetch(`${baseUrl}/accountmanage/wslist`, asBrowser);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).toMatch(/<script type="module"[^>]+src="\/assets\/index-[\w-]+\.js"/);
    // A path with a dot is still a page when a browser asks for it.
    expect((await fetch(`${baseUrl}/passenger/chat_record/john.doe`, asBrowser)).status).toBe(200);
    // A missing asset or API call is a JSON 404, not the page.
    const missing = await fetch(`${baseUrl}/assets/missing.js`);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { code: number }).code).toBe(404);
  });
});
