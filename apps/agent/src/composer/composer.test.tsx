import type { ChatMessage } from '@ws/contract';
import { saveTokens } from '@ws/web-kit/session';
import { TEST_USER } from '@ws/web-kit/testing';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { renderSignedIn, until } from '../test/render.js';
import { Composer } from './composer.js';
import { composerApi, conversation, eventually, press, queuedReply, typeInto } from './composer-test-support.js';
import { replyAction, setReplyTarget } from './reply-target.js';
// The location form is a lazy chunk; loaded here first, so the test waits for React, not for the module's transform.
import './location-dialog.js';

const textBox = (host: HTMLElement) => {
  const box = host.querySelector<HTMLTextAreaElement>('textarea[data-testid=composer-text]');
  if (!box) throw new Error('no text box');
  return box;
};

describe('the composer', () => {
  it('sends on Enter, breaks the line on Shift+Enter, and takes the next message while the first is still going', async () => {
    let release: () => void = () => undefined;
    let sends = 0;
    const api = composerApi({
      '/api/inbox/send': () => {
        sends += 1;
        // The first send is held back: the agent goes on meanwhile.
        return sends === 1 ? new Promise((resolve) => (release = () => resolve(queuedReply('1')))) : queuedReply('2');
      },
      '/api/inbox/typing': () => null,
    });
    const host = await renderSignedIn(<Composer conversation={conversation()} />, { language: 'en', fetch: api.fetch });
    const box = textBox(host);
    await typeInto(box, 'Hola');
    await press(box, 'Enter', { shiftKey: true });
    expect(api.sent('/api/inbox/send')).toEqual([]);
    await typeInto(box, 'Hola,\nsí enviamos');
    await press(box, 'Enter');
    await until(() => expect(api.sent('/api/inbox/send')).toHaveLength(1));
    expect(box.value).toBe('');
    expect(box.disabled).toBe(false);
    expect(host.querySelector('[data-testid=composer-sending]')?.textContent).toBe('Sending 1');

    await typeInto(box, 'En 48 horas');
    await press(box, 'Enter');
    await until(() => expect(api.sent('/api/inbox/send')).toHaveLength(2));
    expect(api.sent('/api/inbox/send').map((call) => call.body)).toEqual([
      { conversationId: '41', content: { type: 'text', text: 'Hola,\nsí enviamos' } },
      { conversationId: '41', content: { type: 'text', text: 'En 48 horas' } },
    ]);
    release();
    await eventually(() => expect(host.querySelector('[data-testid=composer-sending]')).toBeNull());
    // Typing was announced once for all those keystrokes, then again after a reply had gone.
    expect(api.sent('/api/inbox/typing').map((call) => call.body)).toEqual([
      { conversationId: '41' },
      { conversationId: '41' },
    ]);
  });

  it('answers a message picked on the timeline, quoting it above the box until sent', async () => {
    const api = composerApi({ '/api/inbox/send': () => queuedReply('3'), '/api/inbox/typing': () => null });
    const host = await renderSignedIn(<Composer conversation={conversation()} />, { language: 'zh', fetch: api.fetch });
    const question = { id: '7', type: 'text', preview: '¿Hacen envíos?', meta_message_id: 'wamid.Q' } as ChatMessage;
    expect(replyAction({ ...question, meta_message_id: null })).toBeNull();
    await act(async () => setReplyTarget(question));
    expect(host.querySelector('[data-testid=reply-preview]')?.textContent).toContain('回复：¿Hacen envíos?');
    await typeInto(textBox(host), 'Sí');
    await press(textBox(host), 'Enter');
    await until(() => expect(api.sent('/api/inbox/send')).toHaveLength(1));
    expect(api.sent('/api/inbox/send')[0]?.body).toEqual({
      conversationId: '41',
      content: { type: 'text', text: 'Sí' },
      replyTo: 'wamid.Q',
    });
    expect(host.querySelector('[data-testid=reply-preview]')).toBeNull();
  });

  it('opens quick replies on a leading /, searches them, and inserts the one picked with ↓ and Enter', async () => {
    const replies = [
      { id: '1', shortcut: 'hola', text: 'Hola, ¿en qué le ayudo?', updated_at: '2026-11-26T08:00:00.000000Z' },
      { id: '2', shortcut: 'horario', text: 'Abrimos de 9 a 18 h.', updated_at: '2026-11-26T08:00:00.000000Z' },
    ];
    const api = composerApi({
      '/api/quickreply/list': () => ({ total: 2, size: 10, current: 1, pages: 1, records: replies }),
      '/api/inbox/typing': () => null,
    });
    const host = await renderSignedIn(<Composer conversation={conversation()} />, { language: 'en', fetch: api.fetch });
    const box = textBox(host);
    await typeInto(box, '/ho');
    await until(() => expect(host.querySelectorAll('[data-testid=quick-reply]')).toHaveLength(2));
    expect(api.sent('/api/quickreply/list').at(-1)?.body).toEqual({ page: 1, pageSize: 10, filters: { search: 'ho' } });
    await press(box, 'ArrowDown');
    expect(host.querySelector('[data-testid=quick-reply][aria-selected=true]')?.textContent).toContain('/horario');
    await press(box, 'Enter');
    expect(box.value).toBe('Abrimos de 9 a 18 h.');
    expect(host.querySelector('[data-testid=quick-replies]')).toBeNull();
    expect(api.sent('/api/inbox/send')).toEqual([]);
  });

  it('offers a seat no composer in a conversation that is not its own, until it is', async () => {
    const host = await renderSignedIn(<Composer conversation={conversation()} />, {
      language: 'en',
      fetch: composerApi({}).fetch,
    });
    expect(textBox(host)).toBeTruthy();
    const seat = { ...TEST_USER, user_id: '8', role: 'seat' as const };
    await act(async () =>
      saveTokens({
        access_token: 'tok',
        refresh_token: 'ref',
        token_type: 'bearer',
        expires_in: 7200,
        user_info: seat,
      }),
    );
    expect(host.querySelector('[data-testid=composer-take-first]')?.textContent).toBe(
      'Take this conversation to answer it',
    );
    expect(host.querySelector('textarea')).toBeNull();
  });

  it('sends a location with its name and address', async () => {
    const api = composerApi({ '/api/inbox/send': () => queuedReply('4') });
    const host = await renderSignedIn(<Composer conversation={conversation()} />, { language: 'en', fetch: api.fetch });
    await act(async () => host.querySelector<HTMLButtonElement>('[data-testid=location]')?.click());
    const field = (id: string) => {
      const found = document.querySelector<HTMLInputElement>(`input[data-testid=${id}], [data-testid=${id}] input`);
      if (!found) throw new Error(`no ${id}`);
      return found;
    };
    await until(() => field('latitude'));
    await typeInto(field('latitude'), '39.4699');
    await typeInto(field('longitude'), '-0.3763');
    await typeInto(field('location-name'), 'Tienda Valencia');
    await act(async () => document.querySelector<HTMLButtonElement>('[data-testid=location-send]')?.click());
    await until(() => expect(api.sent('/api/inbox/send')).toHaveLength(1));
    expect(api.sent('/api/inbox/send')[0]?.body).toEqual({
      conversationId: '41',
      content: { type: 'location', latitude: 39.4699, longitude: -0.3763, name: 'Tienda Valencia' },
    });
  });
});
