import type { ChatMessage, RealtimeEvent } from '@ws/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectSessionToApi } from '../session/session-jobs.js';
import { signInForTest } from '../testing/test-session.js';
import { chatKey, concernsChat, mediaKey, readHistory, readMedia } from './chat-source.js';

const EMPTY = { records: [], next_cursor: null };
const inbox = { conversationId: '42', numberId: '5', contactId: '9' };
const message = { id: '77', created_at: '2026-11-26T08:00:00.000000Z' } as ChatMessage;

/** The paths and queries the kit asked for. */
function recordRequests() {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const at = new URL(url, 'http://localhost');
      asked.push(`${at.pathname}?${at.searchParams.toString()}`);
      return at.pathname.endsWith('media')
        ? new Response('file')
        : Response.json({ code: 0, message: 'ok', data: EMPTY });
    }),
  );
  return asked;
}

const created = (numberId: string, contactId: string): RealtimeEvent => ({
  type: 'message.created',
  data: {
    message_id: '1',
    number_id: numberId,
    contact_id: contactId,
    direction: 'in',
    message_type: 'text',
    preview: 'hi',
    created_at: '2026-11-26T08:00:00.000000Z',
  },
});

describe("a chat's source: the chat record or an inbox conversation", () => {
  beforeEach(() => {
    connectSessionToApi();
    signInForTest();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('reads an inbox conversation through inbox/messages and inbox/media, by its id', async () => {
    const asked = recordRequests();
    const signal = new AbortController().signal;
    await readHistory(inbox, { cursor: 'c1', limit: 30 }, { signal });
    await readHistory(inbox, { after: 'a1', limit: 100 }, { signal });
    expect(await (await readMedia(inbox, message, signal)).text()).toBe('file');
    expect(asked).toEqual([
      '/api/inbox/messages?conversationId=42&cursor=c1&limit=30',
      '/api/inbox/messages?conversationId=42&after=a1&limit=100',
      `/api/inbox/media?messageId=77&createdAt=${encodeURIComponent(message.created_at)}&conversationId=42`,
    ]);
    expect(chatKey(inbox)).toEqual(['inbox.messages', '42']);
    expect(mediaKey(inbox, message)).toEqual(['inbox.media', '42', '77']);
  });

  it("reads the chat record's subject through message/history and message/media, as before", async () => {
    const asked = recordRequests();
    const signal = new AbortController().signal;
    await readHistory({ contactId: '9' }, { limit: 30 }, { signal });
    await readMedia(null, message, signal);
    expect(asked).toEqual([
      '/api/message/history?contactId=9&limit=30',
      `/api/message/media?messageId=77&createdAt=${encodeURIComponent(message.created_at)}`,
    ]);
    expect(chatKey({ contactId: '9' })).toEqual(['message.history', '9', null]);
    expect(mediaKey(null, message)).toEqual(['message.media', '77']);
  });

  it("follows the events of the conversation's number and customer only", () => {
    expect(concernsChat(inbox, created('5', '9'))).toBe(true);
    expect(concernsChat(inbox, created('5', '8'))).toBe(false);
    expect(concernsChat(inbox, created('6', '9'))).toBe(false);
    expect(concernsChat({}, created('5', '9'))).toBe(false);
    const statuses = (...chats: [string, string][]): RealtimeEvent => ({
      type: 'messages.updated',
      data: {
        messages: chats.map(([numberId, contactId], index) => ({
          message_id: String(index + 1),
          number_id: numberId,
          contact_id: contactId,
          status: 'read',
          status_at: '2026-11-27T08:00:00Z',
        })),
      },
    });
    expect(concernsChat(inbox, statuses(['6', '9'], ['5', '9']))).toBe(true);
    expect(concernsChat(inbox, statuses(['6', '9'], ['5', '8']))).toBe(false);
    expect(concernsChat({ contactId: '8' }, statuses(['6', '9'], ['5', '8']))).toBe(true);
  });
});
