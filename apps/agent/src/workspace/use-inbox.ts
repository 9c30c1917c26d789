import { useQuery } from '@tanstack/react-query';
import { calls, type InboxConversation, type RealtimeEvent } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { useRefetchOnEvent } from '@ws/web-kit/realtime';
import { useMemo } from 'react';
import type { InboxFilters } from '../session/client-stores.js';

/** The most conversations the inbox shows at once (newest activity first). */
export const INBOX_SIZE = 100;

/** A row of the inbox with the moment (this browser's clock) its 24-hour window closes. */
export type InboxRow = InboxConversation & { closesAt: number };

/**
 * Events that change what the inbox lists: a message (order, preview, unread), a conversation's
 * counters, a change of hands (it enters or leaves this agent's list) or of status.
 */
export const changesInbox = (event: RealtimeEvent): boolean =>
  event.type === 'message.created' ||
  event.type === 'conversation.updated' ||
  event.type === 'conversation.assigned' ||
  event.type === 'conversation.status';

export const inboxQueryKey = (filters: InboxFilters) =>
  ['inbox.list', filters.queue, filters.status ?? null, filters.search] as const;

/** The window's remaining seconds, counted from when the server answered, as a time on this browser's clock. */
export const withClosingTime = (rows: readonly InboxConversation[], answeredAt: number): InboxRow[] =>
  rows.map((row) => ({ ...row, closesAt: answeredAt + row.window_remaining_seconds * 1000 }));

/**
 * The agent's inbox (`inbox/list`): its conversations and the waiting ones of its numbers, newest
 * activity first, filtered. Kept live without polling: each event that changes the list reads it
 * again (one read at a time). After a reconnect the server replays the missed events, or says
 * `resync`, on which every query is read again; either way no change is lost, and as the list is
 * read whole, none is shown twice.
 */
export function useInbox(filters: InboxFilters) {
  const queryKey = inboxQueryKey(filters);
  const inbox = useQuery({
    queryKey,
    queryFn: ({ signal }) =>
      callApi(calls.inboxList, {
        body: {
          page: 1,
          pageSize: INBOX_SIZE,
          filters: {
            queue: filters.queue,
            ...(filters.status ? { status: filters.status } : {}),
            ...(filters.search ? { search: filters.search } : {}),
          },
        },
        signal,
      }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  useRefetchOnEvent(queryKey, changesInbox);
  const { data, dataUpdatedAt } = inbox;
  const conversations = useMemo(
    () => (data ? withClosingTime(data.records, dataUpdatedAt) : []),
    [data, dataUpdatedAt],
  );
  return { conversations, total: data?.total ?? 0, loading: inbox.isPending };
}
