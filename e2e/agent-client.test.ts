import { randomBytes } from 'node:crypto';
import { AGENT_CAP_MAX, type TokenPair } from '@ws/contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { saveScreenshot, useBrowser } from './browser.js';
import { openSignedIn, postApi } from './console-pages.js';
import { newestConversationNumber, sandboxControl, useDemo } from './demo.js';
import { atWorkspace, createSeat, inboxConversationOf, SEAT_PASSWORD, signInToClient } from './seats.js';

const baseUrl = inject('baseUrl');
/** A customer of this file alone: the demo tenant is shared with the other tests. */
const WA_ID = `1555077${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
const CUSTOMER = `Ana ${randomBytes(2).toString('hex')}`;

const demo = useDemo();
const world = {} as { seat: TokenPair; seatName: string; numberId: string; phoneNumberId: string };

/** The customer's conversation id as the operator's inbox lists it, once the product has stored what they wrote. */
const conversationIdOf = async (waId: string) => (await inboxConversationOf(baseUrl, demo, waId)).id;

beforeAll(async () => {
  const seat = await createSeat(baseUrl, demo);
  const number = await newestConversationNumber(baseUrl, demo);
  // The seat serves the number: its new conversations are the seat's (round robin) or wait in its
  // queue. The highest cap: the product is shared by every file, whose customers may wait in this
  // number's queue by the dozen, and round robin hands them to a new seat up to its cap (a cap of
  // 20 was full before the test's customer wrote, and the take was refused, in a full run).
  await postApi(
    baseUrl,
    '/api/inbox/agent/set',
    { userId: seat.pair.user_info.user_id, numberIds: [number.numberId], maxOpen: AGENT_CAP_MAX },
    demo.access_token,
  );
  Object.assign(world, {
    seat: seat.pair,
    seatName: seat.name,
    numberId: number.numberId,
    phoneNumberId: number.phoneNumberId,
  });
}, 90_000);

const customerWrites = (text: string) =>
  sandboxControl('POST', '/inbound', {
    phone_number_id: world.phoneNumberId,
    from: WA_ID,
    name: CUSTOMER,
    type: 'text',
    text,
  });
const messages = (page: Page) => page.getByTestId('chat-message');
const customerRow = (page: Page) => page.getByTestId('inbox-item').filter({ hasText: CUSTOMER });

/**
 * Takes the open conversation if it waits in the queue (round robin may have given it to the seat
 * already). Waits for one or the other first: `isVisible` does not wait, and a take button drawn a
 * moment after the actions was skipped, leaving the conversation in the queue. Takes again while
 * the button stays: in two full runs a take under load left it there (the click landed as the
 * actions re-rendered, or the call was answered "try again"), as a user would click once more.
 */
async function takeIfWaiting(page: Page): Promise<void> {
  const take = page.getByTestId('take');
  const mine = page.getByTestId('conversation-assignee').filter({ hasText: world.seatName });
  await page.getByTestId('conversation-actions').waitFor();
  await take.or(mine).first().waitFor();
  await vi.waitFor(
    async () => {
      if (await take.isVisible()) await take.click();
      await mine.waitFor({ timeout: 3_000 });
    },
    { timeout: 30_000, interval: 100 },
  );
}

describe('the seat client (/client/)', () => {
  const browser = useBrowser();

  it('in Chinese: a customer writes, the conversation appears live, opening it shows the message, the seat resolves it', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/client/`);
    // Not signed in: the guard sends the visitor to the client's own sign-in page.
    await page.waitForURL((url) => url.pathname === '/client/login');
    expect(await page.getByTestId('client-login').textContent()).toContain('坐席登录');
    await signInToClient(page, world.seatName, SEAT_PASSWORD);
    expect(await page.getByTestId('agent-name').textContent()).toBe(world.seatName);
    expect(await page.getByTestId('sign-out').textContent()).toContain('退出');

    await customerWrites('Hello, my order has not arrived');
    const conversationId = await conversationIdOf(WA_ID);
    await customerRow(page).waitFor({ timeout: 20_000 });
    expect(await customerRow(page).getAttribute('data-key')).toBe(conversationId);
    expect(await customerRow(page).textContent()).toMatch(/窗口剩余 \d+:\d\d:\d\d/);

    await customerRow(page).click();
    await page.waitForURL((url) => url.pathname === `/client/c/${conversationId}`);
    await messages(page).filter({ hasText: 'Hello, my order has not arrived' }).waitFor();
    expect(await page.getByTestId('customer-phone').textContent()).toBe(`+${WA_ID}`);
    expect(await page.getByTestId('conversation-window').textContent()).toMatch(/24 小时窗口剩余/);
    await takeIfWaiting(page);

    const text = `Any news? ${randomBytes(3).toString('hex')}`;
    await customerWrites(text);
    await messages(page).filter({ hasText: text }).waitFor({ timeout: 20_000 });
    expect(await messages(page).last().getAttribute('data-direction')).toBe('in');

    await page.getByTestId('resolve').click();
    await page.getByTestId('conversation-status').filter({ hasText: '已解决' }).waitFor();
    await page.getByTestId('reopen').waitFor();
    // The inbox shows open conversations: the resolved one leaves it.
    await customerRow(page).waitFor({ state: 'detached' });
    await saveScreenshot(page, 'agent-client-zh');
  });

  it('in English: the customer writing again reopens it live; Alt+↓, another agent viewing, Ctrl+K, a note, blocking, and resolving', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/client/login`);
    await page.getByTestId('language-toggle').click();
    await page.getByText('Agent sign-in').waitFor();
    await signInToClient(page, world.seatName, SEAT_PASSWORD);
    expect(await page.getByTestId('sign-out').textContent()).toContain('Sign out');

    await customerWrites('Hello again');
    await customerRow(page).waitFor({ timeout: 20_000 });
    // Newest activity first: the customer who just wrote is at the top.
    expect(await page.getByTestId('inbox-item').first().textContent()).toContain(CUSTOMER);
    await page.keyboard.press('Alt+ArrowDown');
    await page.waitForURL((url) => url.pathname.startsWith('/client/c/'));
    await messages(page).filter({ hasText: 'Hello again' }).waitFor();
    expect(await page.getByTestId('conversation-window').textContent()).toMatch(/window: \d+:\d\d:\d\d left/);
    await takeIfWaiting(page);

    // An operator opens the same conversation in another browser: the seat sees who else is viewing it.
    const conversationId = new URL(page.url()).pathname.split('/').at(-1);
    const other = await (await page.context().browser()?.newContext())?.newPage();
    if (!other) throw new Error('no second browser context');
    await openSignedIn(other, baseUrl, demo);
    await other.goto(`${baseUrl}/client/c/${conversationId}`);
    await other.getByTestId('conversation-header').waitFor();
    const viewing = page.getByTestId('also-viewing');
    await viewing.waitFor();
    expect(await viewing.textContent()).toContain(demo.user_info.nickname);
    await other.context().close();

    await page.keyboard.press('Control+k');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('[data-testid=inbox]') !== null))
      .toBe(true);
    await page.keyboard.type(WA_ID);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('inbox-item').count()).toBe(1);

    await page.getByRole('tab', { name: 'Internal notes' }).click();
    const note = `Refund approved ${randomBytes(2).toString('hex')}`;
    await page.getByTestId('note-input').fill(note);
    await page.getByTestId('note-add').click();
    await page.getByTestId('note').filter({ hasText: note }).waitFor();

    await page.getByTestId('block').click();
    await page.locator('.ant-modal-confirm-btns .ant-btn-dangerous').click();
    await page.getByTestId('blocked-notice').waitFor();
    expect(await page.getByTestId('blocked-notice').textContent()).toContain(world.seatName);
    await page.getByTestId('unblock').click();
    await page.getByTestId('block').waitFor();

    await page.getByTestId('resolve').click();
    await page.getByTestId('conversation-status').filter({ hasText: 'Resolved' }).waitFor();
    await customerRow(page).waitFor({ state: 'detached' });
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
    expect(await client.getByTestId('agent-name').textContent()).toBe(demo.user_info.nickname || 'demo');
  });
});
