import type { InboxConversation } from '@ws/contract';

/** An inbox conversation as `inbox/list` and `inbox/open` answer it, changed where a test says. */
export const inboxConversation = (id: string, change: Partial<InboxConversation> = {}): InboxConversation => ({
  id,
  number_id: '5',
  number_phone: '15550101003',
  number_name: 'Shop',
  contact_id: `9${id}`,
  contact_name: '',
  contact_wa_id: `4470000${id}`,
  contact_username: null,
  tags: [],
  status: 'open',
  snoozed_until: null,
  assignee: { id: '1', username: 'test', nickname: 'Tester' },
  assigned_at: '2026-11-26T08:00:00.000000Z',
  language: null,
  language_source: null,
  translate: false,
  unread: 0,
  last_message_at: '2026-11-26T08:00:00.000000Z',
  last_inbound_at: '2026-11-26T08:00:00.000000Z',
  window_open: true,
  window_remaining_seconds: 3600,
  last_message_preview: `message of ${id}`,
  last_message_direction: 'in',
  ...change,
});

/** An answer of the fake API that is a failure: its HTTP status and message. */
export class Refusal {
  constructor(
    readonly status: number,
    readonly message: string,
  ) {}
}

/**
 * A fake API: each path answers what `answer` gives for its body (or query), a Refusal as that
 * failure; every call is recorded.
 */
export function fakeApi(answer: (path: string, body: Record<string, unknown>) => unknown) {
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  const fetch = async (url: string, init?: RequestInit) => {
    const at = new URL(url, 'http://localhost');
    const body = init?.body ? JSON.parse(String(init.body)) : Object.fromEntries(at.searchParams);
    calls.push({ path: at.pathname, body });
    const data = answer(at.pathname, body);
    if (data instanceof Refusal) {
      return Response.json({ code: data.status, message: data.message }, { status: data.status });
    }
    return Response.json({ code: 0, message: 'ok', data });
  };
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}
