import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderSignedIn, until } from '../test/render.js';
import { BlockControl } from './block-control.js';

const state = (blocked: boolean) => ({
  conversation_id: '3',
  number_id: '5',
  contact_id: '9',
  blocked,
  blocked_at: blocked ? '2026-11-26T08:00:00.000000Z' : null,
  blocked_by_name: blocked ? 'agent one' : null,
});

/** The API as the block control meets it: the state first, then what each call answers. */
function api() {
  const calls: { path: string; body: unknown }[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const path = new URL(url, 'http://localhost').pathname;
    calls.push({ path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const blocked = path === '/api/inbox/block';
    return Response.json({ code: 0, message: 'ok', data: state(blocked) });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

describe("blocking the customer from the conversation's header", () => {
  it('asks first, then blocks through inbox/block and shows who blocked them and since when', async () => {
    const server = api();
    const host = await renderSignedIn(<BlockControl conversation={{ id: '3' }} />, {
      language: 'en',
      fetch: server.fetch,
    });
    await until(() => expect(host.querySelector<HTMLButtonElement>('[data-testid=block]')?.disabled).toBe(false));
    expect(server.calls[0]?.path).toBe('/api/inbox/blockstate');

    await act(async () => host.querySelector<HTMLButtonElement>('[data-testid=block]')?.click());
    await until(() => expect(document.body.textContent).toContain('Once blocked, this number gets no more messages'));
    expect(server.calls.map((call) => call.path)).toEqual(['/api/inbox/blockstate']);
    const confirm = [...document.querySelectorAll<HTMLButtonElement>('.ant-modal-confirm-btns button')].at(-1);
    await act(async () => confirm?.click());

    await until(() => expect(host.querySelector('[data-testid=blocked-notice]')?.textContent).toContain('agent one'));
    expect(server.calls.at(-1)).toEqual({ path: '/api/inbox/block', body: { conversationId: '3' } });
    expect(host.querySelector('[data-testid=unblock]')).not.toBeNull();
  });
});
