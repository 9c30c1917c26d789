import { randomBytes } from 'node:crypto';
import type { ConversationPage } from '@ws/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { saveScreenshot, useBrowser } from './browser.js';
import { openSignedIn, postApi } from './console-pages.js';
import { type SandboxNumber, sandboxControl, useDemo } from './demo.js';

const baseUrl = inject('baseUrl');
/** A demo contact with a short chat (every fifth one has one) that no other end-to-end test touches. */
const WA_ID = '15550200250';

const demo = useDemo();

/** The demo contact's conversation and the sandbox id of the number it is with. */
async function demoConversation() {
  const page = await postApi<ConversationPage>(
    baseUrl,
    '/api/message/conversations',
    { filters: { search: WA_ID } },
    demo.access_token,
  );
  const conversation = page.records[0];
  if (!conversation) throw new Error(`no conversation with ${WA_ID}`);
  const numbers = await sandboxControl<SandboxNumber[]>('GET', '/numbers');
  const digits = (phone: string) => phone.replace(/\D/g, '');
  const number = numbers.find(
    (candidate) => digits(candidate.display_phone_number) === digits(conversation.number_phone),
  );
  if (!number) throw new Error(`no sandbox number ${conversation.number_phone}`);
  return { conversation, phoneNumberId: number.phone_number_id };
}

const messages = (page: Page) => page.getByTestId('chat-message');

describe('chat history (/passenger/chat_record)', () => {
  const browser = useBrowser();

  it('picks a conversation, shows its history and what the contact writes next, without a reload', async () => {
    const { page } = browser;
    const { conversation, phoneNumberId } = await demoConversation();

    // What the page reads live, and what the realtime channel tells it: every live read follows an event.
    const liveReads: string[] = [];
    const chatEvents: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (
        url.pathname === '/api/message/history' &&
        url.searchParams.has('contactId') &&
        !url.searchParams.has('cursor')
      ) {
        liveReads.push(url.search);
      }
    });
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        const message = JSON.parse(String(payload)) as {
          type: string;
          event?: { type: string; data: { contact_id?: string } };
        };
        if (message.event?.data.contact_id === conversation.contact_id) chatEvents.push(message.event.type);
      }),
    );
    await openSignedIn(page, baseUrl, demo, '/passenger/chat_record');
    await page.getByTestId('chat-history-page').waitFor();
    await page.getByTestId('conversation-search').fill(WA_ID);
    await page.getByTestId('filter-search').click();
    await page.locator('[data-testid=chat-history-page] tr.ant-table-row', { hasText: WA_ID }).first().waitFor();
    await page.getByTestId('conversation-open').first().click();
    await page.waitForURL((url) => url.pathname === `/passenger/chat_record/${conversation.contact_id}`);

    await expect.poll(() => messages(page).count()).toBeGreaterThan(1);
    expect(await page.getByTestId('chat-contact-wa-id').textContent()).toBe(WA_ID);
    // The newest message is at the bottom, in view.
    const last = messages(page).last();
    expect(await last.getAttribute('data-message-id')).toBeTruthy();
    await expect.poll(() => last.isVisible()).toBe(true);

    // The page stays the same document: a marker set now must survive until the new message shows.
    await page.evaluate(() => {
      (window as { chatMarker?: string }).chatMarker = 'still here';
    });
    const text = `Is the sofa still in stock? ${randomBytes(3).toString('hex')}`;
    await sandboxControl('POST', '/inbound', { phone_number_id: phoneNumberId, from: WA_ID, type: 'text', text });
    const arrived = messages(page).filter({ hasText: text });
    await arrived.waitFor({ timeout: 20_000 });
    expect(await arrived.getAttribute('data-direction')).toBe('in');
    expect(await messages(page).last().textContent()).toContain(text);
    expect(await page.evaluate(() => (window as { chatMarker?: string }).chatMarker)).toBe('still here');
    // It came through the realtime channel, not a poll: a message.created of this contact was
    // pushed, and the page read no more often than it was told to (the first read is the page's own).
    expect(chatEvents).toContain('message.created');
    expect(liveReads.length).toBeLessThanOrEqual(chatEvents.length + 2);
    // Writing opened the 24-hour window with this number.
    await expect.poll(() => page.getByTestId('chat-window').textContent()).toMatch(/窗口开启至/);

    // A photo arrives the same way and is shown from the Cloud API (the sandbox) through the product.
    const caption = `photo ${randomBytes(3).toString('hex')}`;
    await sandboxControl('POST', '/inbound', { phone_number_id: phoneNumberId, from: WA_ID, type: 'image', caption });
    const photo = messages(page).filter({ hasText: caption });
    await photo.waitFor({ timeout: 20_000 });
    await expect.poll(() => photo.locator('img').getAttribute('src')).toMatch(/^blob:/);
    await expect
      .poll(() => photo.locator('img').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBeGreaterThan(0);
    await saveScreenshot(page, 'chat-history');
  });
});
