import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type ChatMessage, calls, HISTORY_LIMIT_MAX, type History } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { useEffect, useMemo, useRef, useState } from 'react';
import { liveCursor, mergeMessages } from './timeline.js';

export interface ChatSubject {
  contactId?: string | undefined;
  numberId?: string | undefined;
}

/** How often the open chat asks for new messages and status changes (while the page is visible). */
const LIVE_POLL_MS = 3000;
const PAGE_SIZE = 30;

const subjectQuery = (subject: ChatSubject) => ({
  ...(subject.contactId ? { contactId: subject.contactId } : {}),
  ...(subject.numberId ? { numberId: subject.numberId } : {}),
});

/**
 * A contact's or number's history as the chat view shows it: pages of older messages read on
 * demand (keyset cursor), and a poll every 3 s for newer messages and changed ticks. TanStack
 * Query stops the poll while the browser tab is hidden.
 */
export function useChatHistory(subject: ChatSubject) {
  const key = ['message.history', subject.contactId ?? null, subject.numberId ?? null] as const;
  const history = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam, signal }) =>
      callApi(calls.messageHistory, {
        query: { ...subjectQuery(subject), ...(pageParam ? { cursor: pageParam } : {}), limit: PAGE_SIZE },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: History) => last.next_cursor ?? undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });

  const [live, setLive] = useState<readonly ChatMessage[]>([]);
  const pages = history.data?.pages;
  const messages = useMemo(() => mergeMessages(pages?.map((page) => page.records) ?? [], live), [pages, live]);
  // Read by the poll when it runs, so moving the start does not start a new query.
  const after = useRef<string | undefined>(undefined);
  after.current = liveCursor(messages);

  const poll = useQuery({
    queryKey: [...key, 'live'],
    queryFn: ({ signal }) =>
      callApi(calls.messageHistory, {
        query: {
          ...subjectQuery(subject),
          ...(after.current ? { after: after.current } : {}),
          limit: HISTORY_LIMIT_MAX,
        },
        signal,
        // A failed poll is retried in 3 s; the page's own load reports errors.
        silent: true,
      }),
    enabled: history.isSuccess,
    refetchInterval: LIVE_POLL_MS,
    gcTime: 0,
  });
  useEffect(() => {
    const fresh = poll.data?.records;
    if (fresh?.length) setLive((known) => mergeMessages([known], fresh));
  }, [poll.data]);

  const first = pages?.[0];
  return {
    messages,
    contact: poll.data?.contact ?? first?.contact,
    number: poll.data?.number ?? first?.number,
    loading: history.isPending,
    failed: history.isError,
    hasOlder: history.hasNextPage,
    loadingOlder: history.isFetchingNextPage,
    loadOlder: () => history.fetchNextPage(),
  };
}
