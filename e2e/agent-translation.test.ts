/**
 * Two agents in two browsers, each in Chinese, serving one number of a tenant of their own: a
 * customer writes in Spanish through the sandbox; round robin gives the conversation to one of
 * them, who reads it translated and answers in Chinese; the customer receives Spanish (the
 * sandbox's simulated translation, `⟦es⟧ …`); the other agent never sees the conversation.
 */
import { randomBytes } from 'node:crypto';
import type { InboxConversation, InboxPage, Page as ListPage, NumberListRecord, TokenPair } from '@ws/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { launchBrowser, saveScreenshot } from './browser.js';
import { apiRegister, postApi } from './console-pages.js';
import { sandboxControl } from './demo.js';
import { createSeat, inboxConversationOf, signInToClient } from './seats.js';

const baseUrl = inject('baseUrl');
const WA_ID = `3465${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
const CUSTOMER = `Lucía ${randomBytes(2).toString('hex')}`;
const SPANISH = 'Hola, quisiera saber dónde está mi pedido, por favor';
const CHINESE = `您好，我们马上为您查询订单 ${randomBytes(2).toString('hex')}`;

interface Agent {
  name: string;
  pair: TokenPair;
  context: BrowserContext;
  page: Page;
}
const world = {} as { operator: TokenPair; phoneNumberId: string; agents: Agent[] };
let browser: Browser | undefined;

/** One sandbox number of the operator's own tenant, imported and connected. */
async function sandboxNumberOf(operator: TokenPair): Promise<NumberListRecord> {
  await postApi(
    baseUrl,
    '/api/wa/sandbox/numbers',
    { count: 1, throughput: 'STANDARD', tier: 'TIER_UNLIMITED' },
    operator.access_token,
  );
  return vi.waitFor(
    async () => {
      const listed = await postApi<ListPage<NumberListRecord>>(baseUrl, '/api/agent/list', {}, operator.access_token);
      const found = listed.records.find((record) => record.status === 'CONNECTED');
      if (!found) throw new Error('the sandbox number is not imported yet');
      return found;
    },
    { timeout: 30_000, interval: 250 },
  );
}

/** The customer's conversation as the operator sees it, once it is assigned. */
const assignedConversation = async () => {
  const found = await inboxConversationOf(
    baseUrl,
    world.operator,
    WA_ID,
    (conversation) => conversation.assignee !== null,
  );
  return found as InboxConversation & { assignee: NonNullable<InboxConversation['assignee']> };
};

beforeAll(async () => {
  const operator = (await apiRegister(baseUrl)).pair;
  const number = await sandboxNumberOf(operator);
  // The tenant lets customer text go to the provider (here the sandbox's simulated one); agents read Chinese.
  await postApi(baseUrl, '/api/translate/settings', { allowed: true, agentLanguage: 'zh' }, operator.access_token);
  browser = await launchBrowser();
  const agents: Agent[] = [];
  for (const prefix of ['transa', 'transb']) {
    const seat = await createSeat(baseUrl, operator, `${prefix}${randomBytes(3).toString('hex')}`);
    await postApi(
      baseUrl,
      '/api/inbox/agent/set',
      { userId: seat.pair.user_info.user_id, numberIds: [number.id], maxOpen: 10 },
      operator.access_token,
    );
    const context = await browser.newContext({ locale: 'zh-CN' });
    context.setDefaultTimeout(15_000);
    agents.push({ ...seat, context, page: await context.newPage() });
  }
  Object.assign(world, { operator, phoneNumberId: number.phone_number_id, agents });
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

const row = (page: Page) => page.getByTestId('inbox-item').filter({ hasText: CUSTOMER });
const messages = (page: Page) => page.getByTestId('chat-message');

describe('two agents, a Spanish customer, translation both ways', () => {
  it('gives the conversation to one agent, who reads it in Chinese and answers in Spanish; the other never sees it', async () => {
    // Both agents signed in and online before the customer writes: round robin chooses between them.
    for (const agent of world.agents) {
      await agent.page.goto(`${baseUrl}/client/login`);
      await signInToClient(agent.page, agent.name);
    }
    await sandboxControl('POST', '/inbound', {
      phone_number_id: world.phoneNumberId,
      from: WA_ID,
      name: CUSTOMER,
      type: 'text',
      text: SPANISH,
    });
    const conversation = await assignedConversation();
    const mine = world.agents.find((agent) => agent.pair.user_info.user_id === conversation.assignee.id);
    const other = world.agents.find((agent) => agent !== mine);
    if (!mine || !other) throw new Error(`assigned to ${conversation.assignee.id}, not one of the two agents`);
    const { page } = mine;

    await row(page).click();
    await messages(page).filter({ hasText: SPANISH }).waitFor();
    // The customer's language was detected from what they wrote, and shown.
    await expect.poll(async () => (await assignedConversation()).language).toBe('es');
    await page.getByTestId('customer-language-select').filter({ hasText: '西班牙' }).waitFor();
    await page.getByTestId('translation-toggle').click();
    await expect.poll(() => page.getByTestId('translation-toggle').getAttribute('aria-checked')).toBe('true');
    // The incoming message with its translation into the agent's language, marked simulated.
    const incoming = messages(page).filter({ hasText: SPANISH });
    await incoming
      .getByTestId('translation-text')
      .filter({ hasText: new RegExp(`⟦zh[^⟧]*⟧ ${SPANISH}`) })
      .waitFor();
    await incoming.getByTestId('translation-simulated').waitFor();

    await page.getByTestId('composer-text').fill(CHINESE);
    await page.getByTestId('composer-text').press('Enter');
    // The customer gets Spanish; the agent sees what the customer got and its own words under it.
    const spanishReply = `⟦es⟧ ${CHINESE}`;
    await expect
      .poll(
        async () =>
          (
            await sandboxControl<{ body: { text?: { body: string } } }[]>(
              'GET',
              `/messages?direction=out&to=${WA_ID}&limit=5`,
            )
          ).map((message) => message.body.text?.body),
        { timeout: 20_000 },
      )
      .toContain(spanishReply);
    const sent = messages(page).filter({ hasText: spanishReply });
    await sent.getByTestId('translation-text').filter({ hasText: CHINESE }).waitFor();
    await saveScreenshot(page, 'agent-translation-zh');

    // The other agent's inbox never lists the conversation: not in its page, not in its calls.
    await other.page.getByTestId('inbox').waitFor();
    expect(await row(other.page).count()).toBe(0);
    for (const queue of ['all', 'mine', 'unassigned']) {
      const listed = await postApi<InboxPage>(
        baseUrl,
        '/api/inbox/list',
        { filters: { queue, search: WA_ID } },
        other.pair.access_token,
      );
      expect(listed.records).toEqual([]);
    }
    await expect(
      postApi(baseUrl, '/api/inbox/open', { conversationId: conversation.id }, other.pair.access_token),
    ).rejects.toThrow(/404/);
  });
});
