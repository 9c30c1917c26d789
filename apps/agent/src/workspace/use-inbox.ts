import { useInfiniteQuery } from '@tanstack/react-query';
import { calls, type InboxConversation, type InboxPage, type RealtimeEvent } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { useRefetchOnEvent } from '@ws/web-kit/realtime';
import { useMemo } from 'react';
import type { InboxFilters } from '../session/client-stores.js';

/** How many conversations a page of the inbox holds (newest activity first); more load on demand. */
export const INBOX_PAGE_SIZE = 50;

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

/**
 * The pages' rows in order, each conversation once (a conversation that moved up while the pages
 * were read again shows where it is now, not twice), with the window's remaining seconds counted
 * from when the server answered as a time on this browser's clock.
 */
export function withClosingTime(pages: readonly (readonly InboxConversation[])[], answeredAt: number): InboxRow[] {
  const seen = new Set<string>();
  return pages.flat().flatMap((row) => {
    if (seen.has(row.id)) return [];
    seen.add(row.id);
    return [{ ...row, closesAt: answeredAt + row.window_remaining_seconds * 1000 }];
  });
}

/**
 * The agent's inbox (`inbox/list`): its conversations and the waiting ones of its numbers, newest
 * activity first, filtered, a page at a time. Kept live without polling: each event that changes
 * the list reads the loaded pages again (one read at a time). After a reconnect the server replays
 * the missed events, or says `resync`, on which every query is read again; either way no change is
 * lost, and as the rows are merged by id, none is shown twice.
 */
export function useInbox(filters: InboxFilters) {
  const queryKey = inboxQueryKey(filters);
  const inbox = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      callApi(calls.inboxList, {
        body: {
          page: pageParam,
          pageSize: INBOX_PAGE_SIZE,
          filters: {
            queue: filters.queue,
            ...(filters.status ? { status: filters.status } : {}),
            ...(filters.search ? { search: filters.search } : {}),
          },
        },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last: InboxPage) => (last.current < last.pages ? last.current + 1 : undefined),
    staleTime: Number.POSITIVE_INFINITY,
  });
  useRefetchOnEvent(queryKey, changesInbox);
  const { data, dataUpdatedAt } = inbox;
  const conversations = useMemo(
    () =>
      data
        ? withClosingTime(
            data.pages.map((page) => page.records),
            dataUpdatedAt,
          )
        : [],
    [data, dataUpdatedAt],
  );
  return {
    conversations,
    loading: inbox.isPending,
    hasMore: inbox.hasNextPage,
    loadingMore: inbox.isFetchingNextPage,
    loadMore: () => void inbox.fetchNextPage(),
  };
}
