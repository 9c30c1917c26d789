/**
 * The seat client's composer in Chromium: a seat answers its customer with two messages in a row,
 * a reply to the customer's message, a quick reply, an emoji, a PDF and a location; each reaches
 * the timeline as the product queued it.
 */
import { randomBytes } from 'node:crypto';
import type { InboxConversation, InboxPage, InboxTemplate, TokenPair } from '@ws/contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { saveScreenshot, useBrowser } from './browser.js';
import { postApi } from './console-pages.js';
import { newestConversationNumber, sandboxControl, useDemo } from './demo.js';
import { createSeat, inboxConversationOf, signInToClient } from './seats.js';

const baseUrl = inject('baseUrl');
/** A customer of this file alone: the demo tenant is shared with the other tests. */
const WA_ID = `1555078${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
const SHORTCUT = `hours${randomBytes(2).toString('hex')}`;
const QUICK_TEXT = `We open from 9 to 18 (${SHORTCUT})`;

const demo = useDemo();
const world = {} as { seat: TokenPair; seatName: string; closed: InboxConversation };

beforeAll(async () => {
  const seat = await createSeat(baseUrl, demo, `composer${randomBytes(3).toString('hex')}`);
  const number = await newestConversationNumber(baseUrl, demo);
  const seatId = seat.pair.user_info.user_id;
  await postApi(
    baseUrl,
    '/api/inbox/agent/set',
    { userId: seatId, numberIds: [number.numberId], maxOpen: 20 },
    demo.access_token,
  );
  await sandboxControl('POST', '/inbound', {
    phone_number_id: number.phoneNumberId,
    from: WA_ID,
    name: 'Marta Composer',
    type: 'text',
    text: 'Can you send me the invoice?',
  });
  const conversation = await inboxConversationOf(baseUrl, demo, WA_ID);
  // The conversation is the seat's (it answers it) and so is the contact (the workspace lists its own).
  await postApi(
    baseUrl,
    '/api/inbox/assign',
    { conversationId: conversation.id, assigneeUserId: seatId },
    demo.access_token,
  );
  await postApi(
    baseUrl,
    '/api/agent/movefriend',
    { ids: [conversation.contact_id], ownerUserId: seatId },
    demo.access_token,
  );
  await postApi(baseUrl, '/api/quickreply/add', { shortcut: SHORTCUT, text: QUICK_TEXT }, demo.access_token);
  Object.assign(world, { seat: seat.pair, seatName: seat.name, closed: await closedConversationFor(seatId) });
}, 90_000);

/**
 * A demo conversation whose 24-hour window is closed and whose number has approved templates,
 * given to the seat (and its contact, so the workspace lists it).
 */
async function closedConversationFor(seatId: string): Promise<InboxConversation> {
  const page = await postApi<InboxPage>(baseUrl, '/api/inbox/list', { pageSize: 100 }, demo.access_token);
  for (const candidate of page.records.filter((record) => !record.window_open && record.contact_wa_id)) {
    const templates = await postApi<InboxTemplate[]>(
      baseUrl,
      '/api/inbox/templates',
      { conversationId: candidate.id },
      demo.access_token,
    );
    if (templates.length === 0) continue;
    await postApi(
      baseUrl,
      '/api/inbox/agent/set',
      { userId: seatId, numberIds: [candidate.number_id], maxOpen: 20 },
      demo.access_token,
    );
    await postApi(
      baseUrl,
      '/api/inbox/assign',
      { conversationId: candidate.id, assigneeUserId: seatId },
      demo.access_token,
    );
    await postApi(
      baseUrl,
      '/api/agent/movefriend',
      { ids: [candidate.contact_id], ownerUserId: seatId },
      demo.access_token,
    );
    // Open, as the inbox lists by default (a demo conversation nobody had to answer is resolved).
    if (candidate.status !== 'open') {
      await postApi(baseUrl, '/api/inbox/reopen', { conversationId: candidate.id }, demo.access_token);
    }
    return candidate;
  }
  throw new Error('the demo tenant has no closed conversation with approved templates');
}

const messages = (page: Page) => page.getByTestId('chat-message');
const outbound = (page: Page, text: string) =>
  messages(page).filter({ hasText: text }).and(page.locator('[data-direction=out]'));
const box = (page: Page) => page.getByTestId('composer-text');

async function signInInEnglish(page: Page): Promise<void> {
  await page.goto(`${baseUrl}/client/login`);
  await page.getByTestId('language-toggle').click();
  await page.getByText('Agent sign-in').waitFor();
  await signInToClient(page, world.seatName);
}

describe("the seat client's composer", () => {
  const browser = useBrowser();

  it('sends a burst, a reply, a quick reply with an emoji, a PDF and a location', async () => {
    const { page } = browser;
    await signInInEnglish(page);
    await page.getByTestId('inbox-item').filter({ hasText: 'Marta Composer' }).click();
    await messages(page).filter({ hasText: 'Can you send me the invoice?' }).waitFor();
    await box(page).waitFor();

    // Two messages in a row, the second typed while the first is on its way.
    await box(page).fill('One moment');
    await box(page).press('Enter');
    await box(page).fill('I am looking for it');
    await box(page).press('Enter');
    await outbound(page, 'One moment').waitFor({ timeout: 20_000 });
    await outbound(page, 'I am looking for it').waitFor({ timeout: 20_000 });
    expect(await box(page).inputValue()).toBe('');

    // Shift+Enter breaks the line; a reply quotes the customer's message.
    await messages(page).filter({ hasText: 'Can you send me the invoice?' }).getByTestId('reply-action').click();
    expect(await page.getByTestId('reply-preview').textContent()).toContain('Can you send me the invoice?');
    await box(page).fill('Here it comes');
    await box(page).press('Shift+Enter');
    await box(page).pressSequentially('right away');
    await box(page).press('Enter');
    const reply = outbound(page, 'right away');
    await reply.waitFor({ timeout: 20_000 });
    expect(await reply.getByTestId('chat-reply-to').textContent()).toContain('Can you send me the invoice?');

    // `/` opens the quick replies; Enter inserts the one picked; an emoji (its picker loaded on first use) goes in at the caret.
    await box(page).pressSequentially(`/${SHORTCUT}`);
    await page.getByTestId('quick-reply').filter({ hasText: QUICK_TEXT }).waitFor();
    await box(page).press('Enter');
    expect(await box(page).inputValue()).toBe(QUICK_TEXT);
    await page.getByTestId('emoji').click();
    const emoji = page.locator('.epr-emoji-native').first();
    await emoji.waitFor();
    const glyph = (await emoji.textContent()) ?? '';
    await emoji.click();
    await expect.poll(() => box(page).inputValue()).toBe(`${QUICK_TEXT}${glyph}`);
    await box(page).press('Enter');
    await outbound(page, QUICK_TEXT).waitFor({ timeout: 20_000 });

    // A PDF, uploaded with its progress, sent with the typed text as its caption.
    await page.getByTestId('attach-input').setInputFiles({
      name: 'invoice.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n% invoice\n%%EOF\n'),
    });
    await page.locator('[data-testid=attachment][data-ready=true]').waitFor();
    await box(page).fill('Your invoice');
    await box(page).press('Enter');
    const pdf = messages(page).and(page.locator('[data-type=document]')).filter({ hasText: 'Your invoice' });
    await pdf.waitFor({ timeout: 20_000 });
    await pdf.getByTestId('chat-media').waitFor({ timeout: 20_000 });

    // A location with its name.
    await page.getByTestId('location').click();
    await page.getByTestId('latitude').fill('39.4699');
    await page.getByTestId('longitude').fill('-0.3763');
    await page.getByTestId('location-name').fill('Valencia shop');
    await page.getByTestId('location-send').click();
    await messages(page).and(page.locator('[data-type=location]')).filter({ hasText: 'Valencia shop' }).waitFor({
      timeout: 20_000,
    });
    await saveScreenshot(page, 'agent-composer-en');
  });

  it('offers only approved templates when the window is closed, says why in Chinese, and sends one', async () => {
    const { page } = browser;
    await signInInEnglish(page);
    await page.getByTestId('language-toggle').click();
    const search = page.locator('[data-testid=inbox-search] input, input[data-testid=inbox-search]');
    await search.fill(world.closed.contact_wa_id ?? '');
    await search.press('Enter');
    await page.getByTestId('inbox-item').first().click();
    await page.getByTestId('window-closed').waitFor();
    expect(await page.getByTestId('window-closed').textContent()).toContain(
      '24 小时窗口已关闭，只能发送已审核通过的模板',
    );
    expect(await page.getByTestId('composer-text').count()).toBe(0);

    await page.getByTestId('template-select').click();
    await page.locator('.ant-select-item-option').first().click();
    const variables = page.getByTestId('template-variable');
    for (let index = 0; index < (await variables.count()); index += 1) {
      await variables.nth(index).fill(`v${index + 1}`);
    }
    const preview = (await page.getByTestId('template-preview').textContent())?.replace(/^预览: /, '') ?? '';
    expect(preview).not.toMatch(/\{\{\s*\d+\s*\}\}/);
    await page.getByTestId('template-send').click();
    await messages(page)
      .and(page.locator('[data-type=template][data-direction=out]'))
      .last()
      .waitFor({ timeout: 20_000 });
    await saveScreenshot(page, 'agent-composer-templates-zh');
  });
});
