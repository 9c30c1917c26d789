import { dispatchRealtimeEvent } from '@ws/web-kit/realtime';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import type { InboxFilters } from '../session/client-stores.js';
import { fakeApi, inboxConversation } from '../test/inbox-fixtures.js';
import { renderSignedIn, until } from '../test/render.js';
import { useInbox } from './use-inbox.js';

function Names({ filters }: { filters: InboxFilters }) {
  const inbox = useInbox(filters);
  return <div data-testid="names">{inbox.conversations.map((row) => row.contact_name).join(',')}</div>;
}

describe("the inbox's list", () => {
  it('reads inbox/list with the filters and again on each conversation event, not on ticks', async () => {
    const rows = [inboxConversation('1', { contact_name: 'Ana' })];
    const api = fakeApi(() => ({ total: rows.length, size: 100, current: 1, pages: 1, records: [...rows] }));
    const host = await renderSignedIn(<Names filters={{ search: 'an', queue: 'mine', status: 'open' }} />, {
      language: 'en',
      fetch: api.fetch,
    });
    await until(() => expect(host.textContent).toBe('Ana'));
    expect(api.calls).toEqual([
      {
        path: '/api/inbox/list',
        body: { page: 1, pageSize: 100, filters: { queue: 'mine', status: 'open', search: 'an' } },
      },
    ]);

    rows.unshift(inboxConversation('2', { contact_name: 'Bea' }));
    await act(async () =>
      dispatchRealtimeEvent({
        type: 'message.updated',
        data: { message_id: '9', number_id: '5', contact_id: '91', status: 'read', status_at: '2026-11-26T08:00:00Z' },
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
