import { dispatchRealtimeEvent } from '@ws/web-kit/realtime';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../test/inbox-fixtures.js';
import { renderSignedIn, until } from '../test/render.js';
import { NotesTab } from './notes-tab.js';

const note = (id: string, text: string, nickname: string) => ({
  id,
  conversation_id: '42',
  author: { id: id === '1' ? '8' : '2', username: nickname, nickname },
  text,
  created_at: '2026-11-26T08:00:00.000000Z',
});

describe("a conversation's internal notes", () => {
  it("lists them, adds one through inbox/note/add, and shows a colleague's as its conversation.note event arrives", async () => {
    const stored = [note('1', 'Customer is a VIP', 'Bea')];
    const api = fakeApi((path, body) => {
      if (path === '/api/inbox/notes') return stored;
      if (path === '/api/inbox/note/add') {
        const added = note(String(stored.length + 1), String(body.text), 'op');
        stored.push(added);
        return added;
      }
      return null;
    });
    const host = await renderSignedIn(<NotesTab conversationId="42" />, { language: 'en', fetch: api.fetch });
    await until(() => expect(host.querySelectorAll('[data-testid=note]')).toHaveLength(1));
    expect(host.textContent).toContain('the customer never does');

    const input = host.querySelector<HTMLTextAreaElement>('[data-testid=note-input]');
    if (!input) throw new Error('no note input');
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(input, 'Refund approved');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => host.querySelector<HTMLButtonElement>('[data-testid=note-add]')?.click());
    await until(() => expect(host.querySelectorAll('[data-testid=note]')).toHaveLength(2));
    expect(api.calls.find((call) => call.path === '/api/inbox/note/add')?.body).toEqual({
      conversationId: '42',
      text: 'Refund approved',
    });

    stored.push(note('3', 'Called them back', 'Bea'));
    await act(async () =>
      dispatchRealtimeEvent({
        type: 'conversation.note',
        data: { conversation_id: '42', note_id: '3', author_user_id: '8' },
      }),
    );
    await until(() => expect(host.querySelectorAll('[data-testid=note]')).toHaveLength(3));
    expect(host.querySelectorAll('[data-testid=note]')[2]?.textContent).toContain('Called them back');
  });
});
