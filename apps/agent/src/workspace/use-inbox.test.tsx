import { dispatchRealtimeEvent } from '@ws/web-kit/realtime';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import type { InboxFilters } from '../session/client-stores.js';
import { fakeApi, inboxConversation } from '../test/inbox-fixtures.js';
import { renderSignedIn, until } from '../test/render.js';
import { useInbox, withClosingTime } from './use-inbox.js';

function Names({ filters }: { filters: InboxFilters }) {
  const inbox = useInbox(filters);
  return (
    <>
      <div data-testid="names">{inbox.conversations.map((row) => row.contact_name).join(',')}</div>
      {inbox.hasMore && (
        <button type="button" onClick={inbox.loadMore}>
          more
        </button>
      )}
    </>
  );
}

describe("the inbox's list", () => {
  it('reads inbox/list with the filters and again on each conversation event, not on ticks', async () => {
    const rows = [inboxConversation('1', { contact_name: 'Ana' })];
    const api = fakeApi(() => ({ total: rows.length, size: 50, current: 1, pages: 1, records: [...rows] }));
    const host = await renderSignedIn(<Names filters={{ search: 'an', queue: 'mine', status: 'open' }} />, {
      language: 'en',
      fetch: api.fetch,
    });
    await until(() => expect(host.textContent).toBe('Ana'));
    expect(host.querySelector('button')).toBeNull();
    expect(api.calls).toEqual([
      {
        path: '/api/inbox/list',
        body: { page: 1, pageSize: 50, filters: { queue: 'mine', status: 'open', search: 'an' } },
      },
    ]);

    rows.unshift(inboxConversation('2', { contact_name: 'Bea' }));
    await act(async () =>
      dispatchRealtimeEvent({
        type: 'messages.updated',
        data: {
          messages: [
            { message_id: '9', number_id: '5', contact_id: '91', status: 'read', status_at: '2026-11-26T08:00:00Z' },
          ],
        },
      }),
    );
    expect(api.calls).toHaveLength(1);
    await act(async () =>
      dispatchRealtimeEvent({
        type: 'conversation.assigned',
        data: {
          conversation_id: '2',
          number_id: '5',
          contact_id: '92',
          assignee_user_id: '2',
          previous_user_id: null,
          status: 'open',
        },
      }),
    );
    await until(() => expect(host.textContent).toBe('Bea,Ana'));
    expect(api.calls).toHaveLength(2);
  });
});

describe('the pages of the inbox', () => {
  it('reads the next page on demand, until the last', async () => {
    const api = fakeApi((_path, body) => {
      const page = Number(body.page);
      return {
        total: 2,
        size: 1,
        current: page,
        pages: 2,
        records: [inboxConversation(String(page), { contact_name: `P${page}` })],
      };
    });
    const host = await renderSignedIn(<Names filters={{ search: '', queue: 'all', status: undefined }} />, {
      language: 'en',
      fetch: api.fetch,
    });
    await until(() => expect(host.querySelector('[data-testid=names]')?.textContent).toBe('P1'));
    await act(async () => host.querySelector('button')?.click());
    await until(() => expect(host.querySelector('[data-testid=names]')?.textContent).toBe('P1,P2'));
    expect(host.querySelector('button')).toBeNull();
    expect(api.calls.map((call) => call.body)).toEqual([
      { page: 1, pageSize: 50, filters: { queue: 'all' } },
      { page: 2, pageSize: 50, filters: { queue: 'all' } },
    ]);
  });

  it('shows a conversation once, where it first appears, when it moved between pages while they were read', () => {
    const [a, b, c] = ['1', '2', '3'].map((id) => inboxConversation(id, { window_remaining_seconds: 60 }));
    if (!a || !b || !c) throw new Error('no rows');
    const rows = withClosingTime(
      [
        [c, a],
        [a, b],
      ],
      1_000,
    );
    expect(rows.map((row) => row.id)).toEqual(['3', '1', '2']);
    expect(rows[0]?.closesAt).toBe(61_000);
  });
});
