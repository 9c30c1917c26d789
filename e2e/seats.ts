import { randomBytes } from 'node:crypto';
import type { InboxConversation, InboxPage, TokenPair } from '@ws/contract';
import type { Page } from 'playwright-core';
import { vi } from 'vitest';
import { apiSignIn, postApi } from './console-pages.js';

export const SEAT_PASSWORD = 'seat-pass-1234';

/** A seat of the operator's tenant, made through auth/createuser (a job) and signed in through the API. */
export async function createSeat(
  baseUrl: string,
  operator: TokenPair,
  prefix = `agent${randomBytes(3).toString('hex')}`,
): Promise<{ name: string; pair: TokenPair }> {
  const started = await postApi<{ task_id: string }>(
    baseUrl,
    '/api/auth/createuser',
    { count: 1, prefix, password: SEAT_PASSWORD },
    operator.access_token,
  );
  // A condition waited for (vi.waitFor works outside a test, where expect.poll does not).
  await vi.waitFor(
    async () => {
      const progress = await postApi<{ status: string }>(
        baseUrl,
        '/api/auth/getprogress',
        { taskId: started.task_id },
        operator.access_token,
      );
      if (progress.status !== 'done') throw new Error(`seat creation ${progress.status}`);
    },
    { timeout: 30_000, interval: 200 },
  );
  return { name: `${prefix}1`, pair: await apiSignIn(baseUrl, `${prefix}1`, SEAT_PASSWORD) };
}

/** The workspace's own path: the router writes its basename without the slash. */
export const atWorkspace = (url: URL) => url.pathname === '/client' || url.pathname === '/client/';

/**
 * Signs in through /client/login's form, already open (CAPTCHA=off takes any answer), and waits for
 * the workspace with the seat online: its first heartbeat reached the server, so round robin may pick it.
 */
export async function signInToClient(page: Page, username: string, password = SEAT_PASSWORD): Promise<void> {
  await page.getByTestId('captcha-image').waitFor();
  await page.fill('#login_username', username);
  await page.fill('#login_password', password);
  await page.fill('#login_capVal', '7');
  await page.click('#login button[type=submit]');
  await page.waitForURL(atWorkspace);
  await page.getByTestId('workspace').waitFor();
  await page.locator('[data-testid=presence-dot] .ant-badge-status-success').waitFor();
}

/**
 * The customer's conversation as the operator's inbox lists it, once the product has stored what
 * they wrote and `ready` accepts it (for example: assigned).
 */
export function inboxConversationOf(
  baseUrl: string,
  operator: TokenPair,
  waId: string,
  ready: (conversation: InboxConversation) => boolean = () => true,
): Promise<InboxConversation> {
  return vi.waitFor(
    async () => {
      const page = await postApi<InboxPage>(
        baseUrl,
        '/api/inbox/list',
        { filters: { search: waId } },
        operator.access_token,
      );
      const found = page.records[0];
      if (!found || !ready(found)) throw new Error(`no conversation with ${waId} as awaited yet`);
      return found;
    },
    { timeout: 20_000, interval: 200 },
  );
}
