import type { ChatMessage, InboxConversation, MessageTranslation } from '@ws/contract';
import { dispatchRealtimeEvent } from '@ws/web-kit/realtime';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderSignedIn, until } from '../test/render.js';
import { type AskAgent, sendReply } from './send-reply.js';
import { TranslationControls } from './translation-controls.js';
import { useMessageTranslations } from './use-message-translations.js';

type Answer = (path: string, body: any) => { status?: number; body: unknown };

/** The API as the translation pieces meet it: every call recorded, each answered by `answer`. */
function api(answer: Answer) {
  const calls: { path: string; body: any }[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const path = new URL(url, 'http://localhost').pathname;
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ path, body });
    const reply = answer(path, body);
    const status = reply.status ?? 200;
    return Response.json(status === 200 ? { code: 0, message: 'ok', data: reply.body } : reply.body, { status });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

const translation = (messageId: string, fields: Partial<MessageTranslation>): MessageTranslation => ({
  message_id: messageId,
  language: 'en',
  state: 'ok',
  text: null,
  original: false,
  source_language: 'es',
  provider: 'sandbox',
  simulated: true,
  error: null,
  ...fields,
});

const message = (id: string, direction: 'in' | 'out', given: MessageTranslation | null) =>
  ({
    id,
    created_at: `2026-11-26T08:00:0${id}.000000Z`,
    direction,
    type: 'text',
    body: { text: { body: `text ${id}` } },
    translation: given,
  }) as unknown as ChatMessage;

function Timeline({ messages }: { messages: ChatMessage[] }) {
  const below = useMessageTranslations('7', messages);
  return (
    <>
      {messages.map((m) => (
        <div key={m.id} data-testid={`m${m.id}`}>
          {below(m)}
        </div>
      ))}
    </>
  );
}

const text = (host: HTMLElement, id: string) => host.querySelector(`[data-testid=m${id}]`)?.textContent ?? '';

describe('translations under the messages', () => {
  it('shows a translation with the simulated badge, the agent’s own words, and asks once for the ones missing', async () => {
    const server = api((_path, body) => ({
      body: body.messages.map((key: { messageId: string }) =>
        translation(key.messageId, { text: `⟦en⟧ text ${key.messageId}` }),
      ),
    }));
    const messages = [
      message('1', 'in', translation('1', { text: '⟦en⟧ hola' })),
      message('2', 'out', translation('2', { text: '你好，明天发货', original: true, language: 'zh' })),
      message('3', 'in', translation('3', { state: 'missing', provider: null, simulated: false })),
      message('4', 'in', null),
    ];
    const host = await renderSignedIn(<Timeline messages={messages} />, { language: 'en', fetch: server.fetch });
    expect(text(host, '1')).toContain('⟦en⟧ hola');
    expect(host.querySelector('[data-testid=m1] [data-testid=translation-simulated]')?.textContent).toBe(
      'Simulated translation',
    );
    expect(text(host, '2')).toContain('What you typed');
    expect(text(host, '2')).toContain('你好，明天发货');
    expect(text(host, '4')).toBe('');
    await until(() => expect(text(host, '3')).toContain('⟦en⟧ text 3'));
    expect(server.calls).toEqual([
      {
        path: '/api/inbox/translate',
        body: {
          conversationId: '7',
          language: 'en',
          messages: [{ messageId: '3', createdAt: messages[2]?.created_at }],
        },
      },
    ]);
  });

  it('shows a failure as not translated, in zh, with a retry that translates it', async () => {
    let up = false;
    const server = api((_path, body) => ({
      body: [
        up
          ? translation(body.messages[0].messageId, { text: '⟦zh-Hans⟧ hola', language: 'zh' })
          : translation(body.messages[0].messageId, {
              state: 'failed',
              language: 'zh',
              error: '翻译服务 sandbox 服务出错',
            }),
      ],
    }));
    const failed = translation('5', { state: 'failed', language: 'zh', error: '翻译服务 sandbox 服务出错' });
    const host = await renderSignedIn(<Timeline messages={[message('5', 'in', failed)]} />, {
      language: 'zh',
      fetch: server.fetch,
    });
    expect(text(host, '5')).toContain('未翻译');
    expect(text(host, '5')).toContain('翻译服务 sandbox 服务出错');
    expect(server.calls).toHaveLength(0);
    up = true;
    await act(async () => host.querySelector<HTMLButtonElement>('[data-testid=translation-retry]')?.click());
    await until(() => expect(text(host, '5')).toContain('⟦zh-Hans⟧ hola'));
    expect(server.calls).toHaveLength(1);
  });

  it('fetches a translation finished elsewhere when its event comes', async () => {
    const server = api(() => ({ body: [translation('6', { text: '⟦en⟧ ready' })] }));
    const pending = translation('6', { state: 'failed', error: 'down' });
    const host = await renderSignedIn(<Timeline messages={[message('6', 'in', pending)]} />, {
      language: 'en',
      fetch: server.fetch,
    });
    await act(async () =>
      dispatchRealtimeEvent({
        type: 'message.translated',
        data: { conversation_id: '7', number_id: '1', contact_id: '2', message_id: '6', language: 'en', state: 'ok' },
      }),
    );
    await until(() => expect(text(host, '6')).toContain('⟦en⟧ ready'));
  });
});

const conversation = (fields: Partial<InboxConversation> = {}) =>
  ({ id: '7', translate: false, language: 'es', language_source: 'detected', ...fields }) as InboxConversation;

describe('the header controls', () => {
  it('turns translation on through inbox/translation and hands the answer on', async () => {
    const server = api((path, body) => {
      if (path === '/api/translate/settings') return { body: { allowed: true } };
      if (path === '/api/inbox/translation') return { body: conversation({ translate: body.translate }) };
      return { body: conversation({ language: body.language, language_source: 'manual' }) };
    });
    const changed = vi.fn();
    const host = await renderSignedIn(<TranslationControls conversation={conversation()} onChange={changed} />, {
      language: 'en',
      fetch: server.fetch,
    });
    expect(host.textContent).toContain('Detected');
    await act(async () => host.querySelector<HTMLButtonElement>('[data-testid=translation-toggle]')?.click());
    await until(() => expect(changed).toHaveBeenCalledWith(expect.objectContaining({ translate: true })));
    expect(server.calls.find((call) => call.path === '/api/inbox/translation')?.body).toEqual({
      conversationId: '7',
      translate: true,
    });
  });

  it('follows a change made elsewhere (another agent, a detection)', async () => {
    const server = api(() => ({ body: { allowed: true } }));
    const changed = vi.fn();
    await renderSignedIn(<TranslationControls conversation={conversation()} onChange={changed} />, {
      language: 'en',
      fetch: server.fetch,
    });
    await act(async () =>
      dispatchRealtimeEvent({
        type: 'conversation.translation',
        data: {
          conversation_id: '7',
          number_id: '1',
          contact_id: '2',
          translate: true,
          language: 'fr',
          language_source: 'detected',
        },
      }),
    );
    expect(changed).toHaveBeenCalledWith(expect.objectContaining({ id: '7', translate: true, language: 'fr' }));
  });

  it('keeps the switch off, saying why, while the tenant does not consent', async () => {
    const server = api(() => ({ body: { allowed: false } }));
    const host = await renderSignedIn(<TranslationControls conversation={conversation()} onChange={vi.fn()} />, {
      language: 'zh',
      fetch: server.fetch,
    });
    await until(() =>
      expect(host.querySelector<HTMLButtonElement>('[data-testid=translation-toggle]')?.disabled).toBe(true),
    );
    expect(host.textContent).toContain('自动翻译');
  });
});

describe('sending a reply that could not be translated', () => {
  const refusal = {
    status: 409,
    body: { code: 409, message: 'sendOriginal: the message could not be translated (provider down)', data: null },
  };

  it('asks the agent, and sends the original only when they say yes', async () => {
    const server = api((_path, body) =>
      body.sendOriginal ? { body: { message_id: '9', created_at: 'x', status: 'queued' } } : refusal,
    );
    await renderSignedIn(<div />, { language: 'en', fetch: server.fetch });
    const request = { conversationId: '7', content: { type: 'text' as const, text: '你好' } };
    const ask = vi.fn<AskAgent>(async () => true);
    expect(await sendReply(request, ask)).toMatchObject({ message_id: '9' });
    expect(ask).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Translation failed. Send the original?', okText: 'Send the original' }),
    );
    expect(ask.mock.calls[0]?.[0]?.content).toContain('the message could not be translated (provider down)');
    expect(server.calls.map((call) => call.body.sendOriginal)).toEqual([undefined, true]);

    const no = vi.fn<AskAgent>(async () => false);
    expect(await sendReply(request, no)).toBeNull();
    expect(server.calls).toHaveLength(3);
  });
});
