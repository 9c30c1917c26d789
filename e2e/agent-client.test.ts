import { randomBytes } from 'node:crypto';
import type { ConversationPage, ConversationSummary, TokenPair } from '@ws/contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { saveScreenshot, useBrowser } from './browser.js';
import { apiSignIn, openSignedIn, postApi } from './console-pages.js';
import { type SandboxNumber, sandboxControl, useDemo } from './demo.js';

const baseUrl = inject('baseUrl');
const SEAT_PASSWORD = 'seat-pass-1234';
/** A customer of this file alone: the demo tenant is shared with the other tests. */
const WA_ID = `1555077${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;

const demo = useDemo();
const world = {} as { seat: TokenPair; seatName: string; conversation: ConversationSummary; phoneNumberId: string };

/** A seat of the demo tenant, made through auth/createuser (a job) and signed in through the API. */
async function createSeat(): Promise<{ name: string; pair: TokenPair }> {
  const prefix = `agent${randomBytes(3).toString('hex')}`;
  const started = await postApi<{ task_id: string }>(
    baseUrl,
    '/api/auth/createuser',
    { count: 1, prefix, password: SEAT_PASSWORD },
    demo.access_token,
  );
  // A condition waited for (vi.waitFor works outside a test, where expect.poll does not).
  await vi.waitFor(
    async () => {
      const progress = await postApi<{ status: string }>(
        baseUrl,
        '/api/auth/getprogress',
        { taskId: started.task_id },
        demo.access_token,
      );
      if (progress.status !== 'done') throw new Error(`seat creation ${progress.status}`);
    },
    { timeout: 30_000, interval: 200 },
  );
  return { name: `${prefix}1`, pair: await apiSignIn(baseUrl, `${prefix}1`, SEAT_PASSWORD) };
}

/** The customer's conversation, once the product has stored what they wrote. */
async function conversationOf(waId: string): Promise<ConversationSummary | undefined> {
  const page = await postApi<ConversationPage>(
    baseUrl,
    '/api/message/conversations',
    { filters: { search: waId } },
    demo.access_token,
  );
  return page.records[0];
}

beforeAll(async () => {
  const seat = await createSeat();
  // A demo number (the one of the newest conversation) and its id in the sandbox.
  const newest = (await postApi<ConversationPage>(baseUrl, '/api/message/conversations', {}, demo.access_token))
    .records[0];
  if (!newest) throw new Error('the demo tenant has no conversation');
  const digits = (phone: string) => phone.replace(/\D/g, '');
  const number = (await sandboxControl<SandboxNumber[]>('GET', '/numbers')).find(
    (candidate) => digits(candidate.display_phone_number) === digits(newest.number_phone),
  );
  if (!number) throw new Error(`no sandbox number ${newest.number_phone}`);
  await sandboxControl('POST', '/inbound', {
    phone_number_id: number.phone_number_id,
    from: WA_ID,
    name: 'Ana Client',
    type: 'text',
    text: 'Hello, my order has not arrived',
  });
  const conversation = await vi.waitFor(
    async () => {
      const found = await conversationOf(WA_ID);
      if (!found) throw new Error(`no conversation with ${WA_ID} yet`);
      return found;
    },
    { timeout: 20_000, interval: 200 },
  );
  // The customer is the seat's: a seat sees only its own contacts' conversations.
  await postApi(
    baseUrl,
    '/api/agent/movefriend',
    { ids: [conversation.contact_id], ownerUserId: seat.pair.user_info.user_id },
    demo.access_token,
  );
  Object.assign(world, { seat: seat.pair, seatName: seat.name, conversation, phoneNumberId: number.phone_number_id });
}, 90_000);

const conversationKey = () => `${world.conversation.number_id}/${world.conversation.contact_id}`;
const messages = (page: Page) => page.getByTestId('chat-message');

/** The workspace's own path: the router writes its basename without the slash. */
const atWorkspace = (url: URL) => url.pathname === '/client' || url.pathname === '/client/';

/** Signs in at /client/login through the form (CAPTCHA=off takes any answer) and waits for the workspace. */
async function signInToClient(page: Page, username: string, password: string): Promise<void> {
  await page.getByTestId('captcha-image').waitFor();
  await page.fill('#login_username', username);
  await page.fill('#login_password', password);
  await page.fill('#login_capVal', '7');
  await page.click('#login button[type=submit]');
  await page.waitForURL(atWorkspace);
  await page.getByTestId('workspace').waitFor();
}

describe('the seat client (/client/)', () => {
  const browser = useBrowser();

  it('signs a seat in at /client/login in Chinese, shows only its conversations, and a new message live', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/client/`);
    // Not signed in: the guard sends the visitor to the client's own sign-in page.
    await page.waitForURL((url) => url.pathname === '/client/login');
    expect(await page.getByTestId('client-login').textContent()).toContain('坐席登录');
    await signInToClient(page, world.seatName, SEAT_PASSWORD);

    expect(await page.getByTestId('agent-name').textContent()).toBe(world.seatName);
    expect(await page.getByTestId('sign-out').textContent()).toContain('退出');
    const items = page.getByTestId('inbox-item');
    await items.first().waitFor();
    expect(await items.evaluateAll((all) => all.map((item) => item.getAttribute('data-key')))).toEqual([
      conversationKey(),
    ]);

    await items.first().click();
    await page.waitForURL(
      (url) => url.pathname === `/client/c/${world.conversation.number_id}/${world.conversation.contact_id}`,
    );
    await messages(page).filter({ hasText: 'Hello, my order has not arrived' }).waitFor();
    expect(await page.getByTestId('customer-phone').textContent()).toBe(`+${WA_ID}`);
    expect(await page.getByTestId('conversation-window').textContent()).toMatch(/窗口开启至/);

    const text = `Any news? ${randomBytes(3).toString('hex')}`;
    await sandboxControl('POST', '/inbound', { phone_number_id: world.phoneNumberId, from: WA_ID, type: 'text', text });
    await messages(page).filter({ hasText: text }).waitFor({ timeout: 20_000 });
    expect(await messages(page).last().getAttribute('data-direction')).toBe('in');
    await saveScreenshot(page, 'agent-client-zh');
  });

  it('signs in in English, moves with Alt+↓, searches with Ctrl+K, and blocks the customer', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/client/login`);
    await page.getByTestId('language-toggle').click();
    await page.getByText('Agent sign-in').waitFor();
    await signInToClient(page, world.seatName, SEAT_PASSWORD);
    expect(await page.getByTestId('sign-out').textContent()).toContain('Sign out');
    await page.getByTestId('inbox-item').first().waitFor();

    await page.keyboard.press('Alt+ArrowDown');
    await page.waitForURL((url) => url.pathname.startsWith('/client/c/'));
    await messages(page).first().waitFor();
    expect(await page.getByTestId('conversation-window').textContent()).toMatch(/window open until/);

    await page.keyboard.press('Control+k');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('[data-testid=inbox]') !== null))
      .toBe(true);

    await page.getByTestId('block').click();
    await page.locator('.ant-modal-confirm-btns .ant-btn-dangerous').click();
    await page.getByTestId('blocked-notice').waitFor();
    expect(await page.getByTestId('blocked-notice').textContent()).toContain(world.seatName);
    await page.getByTestId('unblock').click();
    await page.getByTestId('block').waitFor();
    await saveScreenshot(page, 'agent-client-en');
  });

  it("the console's top-bar link opens the seat client, signed in with the console's session", async () => {
    const { page } = browser;
    await openSignedIn(page, baseUrl, demo);
    const [client] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByTestId('agent-client-link').click(),
    ]);
    await client.waitForURL(atWorkspace);
    await client.getByTestId('workspace').waitFor();
    await client.getByTestId('inbox-item').first().waitFor();
    expect(await client.getByTestId('agent-name').textContent()).toBe(demo.user_info.nickname || 'demo');
  });
});
