import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type ChatMessage, HISTORY_LIMIT_MAX, type History } from '@ws/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useRefetchOnEvent } from '../realtime/realtime-events.js';
import { type ChatSource, chatKey, concernsChat, readHistory } from './chat-source.js';
import { liveCursor, mergeMessages } from './timeline.js';

const PAGE_SIZE = 30;

/**
 * A history as the chat view shows it, from either source (a contact's or number's chat record,
 * or an inbox conversation): pages of older messages read on demand (keyset cursor), and the newer
 * messages and changed ticks read again whenever the realtime channel tells of a change in this
 * chat (no polling).
 */
export function useChatHistory(source: ChatSource) {
  const key = chatKey(source);
  const history = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam, signal }) => readHistory(source, { cursor: pageParam, limit: PAGE_SIZE }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: History) => last.next_cursor ?? undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });

  const [live, setLive] = useState<readonly ChatMessage[]>([]);
  const pages = history.data?.pages;
  const messages = useMemo(() => mergeMessages(pages?.map((page) => page.records) ?? [], live), [pages, live]);
  // Read by the live query when it runs, so moving the start does not start a new query.
  const after = useRef<string | undefined>(undefined);
  after.current = liveCursor(messages);

  const newer = useQuery({
    queryKey: [...key, 'live'],
    // The next event reads again; the page's own load reports errors.
    queryFn: ({ signal }) =>
      readHistory(source, { after: after.current, limit: HISTORY_LIMIT_MAX }, { signal, silent: true }),
    enabled: history.isSuccess,
    gcTime: 0,
  });
  useRefetchOnEvent([...key, 'live'], (event) => concernsChat(source, event));
  useEffect(() => {
    const fresh = newer.data?.records;
    if (fresh?.length) setLive((known) => mergeMessages([known], fresh));
  }, [newer.data]);

  const first = pages?.[0];
  return {
    /** Where the messages come from: the timeline reads media files through the same source. */
    source,
    messages,
    contact: newer.data?.contact ?? first?.contact,
    number: newer.data?.number ?? first?.number,
    loading: history.isPending,
    failed: history.isError,
    hasOlder: history.hasNextPage,
    loadingOlder: history.isFetchingNextPage,
    loadOlder: () => history.fetchNextPage(),
  };
}

/** A chat's history as `useChatHistory` answers it, for the timeline and the header around it. */
export type ChatHistory = ReturnType<typeof useChatHistory>;
