import { setToaster } from '@ws/web-kit/api';
import { dispatchRealtimeEvent } from '@ws/web-kit/realtime';
import { message, TEST_USER } from '@ws/web-kit/testing';
import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeApi, inboxConversation, Refusal } from '../test/inbox-fixtures.js';
import { renderSignedIn, until } from '../test/render.js';
import { ConversationRoute } from './conversation-route.js';

const me = { id: TEST_USER.user_id, username: TEST_USER.username, nickname: TEST_USER.nickname };

/** The API of conversation 42, waiting unassigned until taken; or refusing to open or take it. */
function conversationApi(refusal?: Refusal, takeRefusal?: Refusal) {
  let conversation = inboxConversation('42', { contact_name: 'Ana', assignee: null, assigned_at: null });
  return fakeApi((path) => {
    switch (path) {
      case '/api/inbox/open':
        return refusal ?? conversation;
      case '/api/inbox/take':
        if (takeRefusal) return takeRefusal;
        conversation = { ...conversation, assignee: me };
        return conversation;
      case '/api/inbox/messages':
        return {
          records: [message({ id: '700', body: { text: { body: 'Hola, mi pedido no llegó' } } })],
          next_cursor: null,
        };
      case '/api/inbox/blockstate':
        return {
          conversation_id: '42',
          number_id: '5',
          contact_id: '942',
          blocked: false,
          blocked_at: null,
          blocked_by_name: null,
        };
      case '/api/inbox/notes':
      case '/api/inbox/assignments':
        return [];
      default:
        return null;
    }
  });
}

const renderAt = (path: string, api: ReturnType<typeof fakeApi>, language: 'zh' | 'en') =>
  renderSignedIn(
    <RouterProvider
      router={createMemoryRouter([{ path: '/c/:conversationId', element: <ConversationRoute /> }], {
        initialEntries: [path],
      })}
    />,
    { language, fetch: api.fetch },
  );

describe('the open conversation', () => {
  it('opens through inbox/open, reads its history from inbox/messages, and takes it while it waits', async () => {
    const api = conversationApi();
    const host = await renderAt('/c/42', api, 'en');
    await until(() =>
      expect(host.querySelector('[data-testid=chat-message]')?.textContent).toContain('Hola, mi pedido'),
    );
    expect(api.calls.find((call) => call.path === '/api/inbox/open')?.body).toEqual({ conversationId: '42' });
    expect(api.calls.find((call) => call.path === '/api/inbox/messages')?.body).toMatchObject({ conversationId: '42' });
    expect(host.querySelector('[data-testid=conversation-name]')?.textContent).toBe('Ana');
    expect(host.querySelector('[data-testid=conversation-assignee]')?.textContent).toBe('Waiting');
    expect(host.querySelector('[data-testid=conversation-window]')?.textContent).toMatch(
      /24-hour window: (1:00:00|0:59:\d\d) left/,
    );

    await act(async () => host.querySelector<HTMLButtonElement>('[data-testid=take]')?.click());
    await until(() =>
      expect(host.querySelector('[data-testid=conversation-assignee]')?.textContent).toBe('Assigned to op'),
    );
    expect(api.calls.filter((call) => call.path === '/api/inbox/take')).toEqual([
      { path: '/api/inbox/take', body: { conversationId: '42' } },
    ]);
    expect(host.querySelector('[data-testid=take]')).toBeNull();
  });

  it("shows a refusal to take it (another agent was first) through the kit's request-error handler", async () => {
    const errors: unknown[] = [];
    setToaster({ error: ({ content }) => errors.push(content), success: () => undefined });
    const api = conversationApi(undefined, new Refusal(409, 'conversationId: another agent took it first'));
    const host = await renderAt('/c/42', api, 'en');
    await until(() => expect(host.querySelector('[data-testid=take]')).not.toBeNull());
    await act(async () => host.querySelector<HTMLButtonElement>('[data-testid=take]')?.click());
    await until(() => expect(errors).toEqual(['conversationId: another agent took it first']));
    expect(host.querySelector('[data-testid=conversation-assignee]')?.textContent).toBe('Waiting');
    setToaster(undefined);
  });

  it('keeps a take on screen when a read an event started before it answers after it', async () => {
    const api = conversationApi();
    const waiting = inboxConversation('42', { contact_name: 'Ana', assignee: null, assigned_at: null });
    let answerRead: (() => void) | undefined;
    let readSignal: AbortSignal | null | undefined;
    let opens = 0;
    // The second open (the event's) answers, with the conversation as it was, only when told.
    const fetch = (async (url: string, init?: RequestInit) => {
      if (new URL(url, 'http://localhost').pathname === '/api/inbox/open' && ++opens === 2) {
        readSignal = init?.signal;
        await new Promise<void>((resolve) => {
          answerRead = resolve;
        });
        return Response.json({ code: 0, message: 'ok', data: waiting });
      }
      return api.fetch(url, init);
    }) as unknown as typeof globalThis.fetch;
    const host = await renderAt('/c/42', { ...api, fetch }, 'en');
    await until(() => expect(host.querySelector('[data-testid=take]')).not.toBeNull());
    await act(async () =>
      dispatchRealtimeEvent({
        type: 'conversation.status',
        data: {
          conversation_id: '42',
          number_id: waiting.number_id,
          contact_id: waiting.contact_id,
          status: 'open',
          snoozed_until: null,
          assignee_user_id: null,
        },
      }),
    );
    await until(() => expect(answerRead).toBeDefined());
    await act(async () => host.querySelector<HTMLButtonElement>('[data-testid=take]')?.click());
    await until(() =>
      expect(host.querySelector('[data-testid=conversation-assignee]')?.textContent).toBe('Assigned to op'),
    );
    // The read that started before the take is called off: its answer cannot put the take back.
    await until(() => expect(readSignal?.aborted).toBe(true));
    await act(async () => answerRead?.());
    expect(host.querySelector('[data-testid=conversation-assignee]')?.textContent).toBe('Assigned to op');
    expect(host.querySelector('[data-testid=take]')).toBeNull();
  });

  it('shows another agent viewing it, from their conversation.viewing events, but never the agent itself', async () => {
    const host = await renderAt('/c/42', conversationApi(), 'zh');
    await until(() => expect(host.querySelector('[data-testid=conversation-header]')).not.toBeNull());
    const viewing = (conversationId: string, userId: string, nickname: string) =>
      act(async () =>
        dispatchRealtimeEvent({
          type: 'conversation.viewing',
          data: { conversation_id: conversationId, user_id: userId, nickname, at: '2026-11-26T08:00:00.000000Z' },
        }),
      );
    await viewing('42', TEST_USER.user_id, 'op');
    await viewing('43', '8', 'Bea');
    expect(host.querySelector('[data-testid=also-viewing]')).toBeNull();
    await viewing('42', '8', 'Bea');
    expect(host.querySelector('[data-testid=also-viewing]')?.textContent).toBe('Bea 也在查看此会话');
  });

  it("says so when the conversation is no longer in the agent's inbox (404), in Chinese", async () => {
    const api = conversationApi(new Refusal(404, 'conversationId: 会话不存在'));
    const host = await renderAt('/c/42', api, 'zh');
    await until(() =>
      expect(host.querySelector('[data-testid=conversation-gone]')?.textContent).toContain('此会话已不在你的收件箱中'),
    );
    expect(api.calls.some((call) => call.path === '/api/inbox/messages')).toBe(false);
  });
});
