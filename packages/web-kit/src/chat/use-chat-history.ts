import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type ChatMessage, calls, HISTORY_LIMIT_MAX, type History, type RealtimeEvent } from '@ws/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { callApi } from '../api/client.js';
import { useRefetchOnEvent } from '../realtime/realtime-events.js';
import { liveCursor, mergeMessages } from './timeline.js';

export interface ChatSubject {
  contactId?: string | undefined;
  numberId?: string | undefined;
}

const PAGE_SIZE = 30;

const subjectQuery = (subject: ChatSubject) => ({
  ...(subject.contactId ? { contactId: subject.contactId } : {}),
  ...(subject.numberId ? { numberId: subject.numberId } : {}),
});

/** Whether a realtime event is about a message or the conversation of the open chat. */
export function concernsChat(subject: ChatSubject, event: RealtimeEvent): boolean {
  if (event.type !== 'message.created' && event.type !== 'message.updated' && event.type !== 'conversation.updated') {
    return false;
  }
  if (subject.numberId && event.data.number_id !== subject.numberId) return false;
  if (subject.contactId && event.data.contact_id !== subject.contactId) return false;
  return subject.numberId !== undefined || subject.contactId !== undefined;
}

/**
 * A contact's or number's history as the chat view shows it: pages of older messages read on
 * demand (keyset cursor), and the newer messages and changed ticks read again whenever the
 * realtime channel tells of a change in this chat (no polling).
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
  // Read by the live query when it runs, so moving the start does not start a new query.
  const after = useRef<string | undefined>(undefined);
  after.current = liveCursor(messages);

  const newer = useQuery({
    queryKey: [...key, 'live'],
    queryFn: ({ signal }) =>
      callApi(calls.messageHistory, {
        query: {
          ...subjectQuery(subject),
          ...(after.current ? { after: after.current } : {}),
          limit: HISTORY_LIMIT_MAX,
        },
        signal,
        // The next event reads again; the page's own load reports errors.
        silent: true,
      }),
    enabled: history.isSuccess,
    gcTime: 0,
  });
  useRefetchOnEvent([...key, 'live'], (event) => concernsChat(subject, event));
  useEffect(() => {
    const fresh = newer.data?.records;
    if (fresh?.length) setLive((known) => mergeMessages([known], fresh));
  }, [newer.data]);

  const first = pages?.[0];
  return {
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
