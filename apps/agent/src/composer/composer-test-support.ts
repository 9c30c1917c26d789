import { allCalls, type InboxConversation } from '@ws/contract';
import { act } from 'react';
import { vi } from 'vitest';
import { inboxConversation } from '../test/inbox-fixtures.js';

/** The inbox's view of a conversation, unassigned, its window open unless told. */
export const conversation = (change: Partial<InboxConversation> = {}): InboxConversation =>
  inboxConversation('41', {
    contact_id: '9',
    contact_name: 'Lucía',
    contact_wa_id: '34600000009',
    assignee: null,
    assigned_at: null,
    last_message_preview: 'hola',
    ...change,
  });

export interface Recorded {
  path: string;
  body: unknown;
}

/**
 * The API as the composer meets it: each path answers what `answers` gives (data, or a promise of
 * it to hold the answer back); every call is recorded. A body the contract refuses is a 400, as
 * the server answers it.
 */
export function composerApi(answers: Record<string, (body: unknown) => unknown>) {
  const calls: Recorded[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const path = new URL(url, 'http://localhost').pathname;
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ path, body });
    const checked = allCalls.find((call) => call.path === path)?.body?.safeParse(body);
    if (checked && !checked.success) {
      return Response.json({ code: 400, message: `${path}: ${checked.error.message}` }, { status: 400 });
    }
    const answer = answers[path];
    if (!answer) return Response.json({ code: 404, message: `no ${path}` }, { status: 404 });
    const data = await answer(body);
    if (data instanceof Response) return data;
    return Response.json({ code: 0, message: 'ok', data });
  });
  return {
    fetch: fetch as unknown as typeof globalThis.fetch,
    calls,
    sent: (path: string) => calls.filter((c) => c.path === path),
  };
}

const queued = (id: string) => ({ message_id: id, created_at: '2026-11-26T08:00:01.000000Z', status: 'queued' });
export const queuedReply = queued;

/** Types into a text box as a person does: its value set, then React told. */
export async function typeInto(element: HTMLTextAreaElement | HTMLInputElement, value: string) {
  const prototype = element instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  await act(async () => {
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

export async function press(element: Element, key: string, options: { shiftKey?: boolean } = {}) {
  await act(async () => {
    element.dispatchEvent(
      new KeyboardEvent('keydown', { key, code: key, bubbles: true, cancelable: true, ...options }),
    );
  });
}

/**
 * Waits for an assertion about what React shows after work that ends outside the test's hands
 * (a held-back answer released): each try first lets React apply what is pending.
 */
export const eventually = (assertion: () => void) =>
  vi.waitFor(
    async () => {
      await act(async () => undefined);
      assertion();
    },
    { timeout: 5_000 },
  );
