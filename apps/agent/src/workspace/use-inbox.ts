import { useQuery } from '@tanstack/react-query';
import { type ConversationSummary, calls, type RealtimeEvent } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { useRefetchOnEvent } from '@ws/web-kit/realtime';

/** The most conversations the inbox shows at once (newest activity first). */
export const INBOX_SIZE = 100;

/** Events that change what the inbox lists: a message, a conversation's counters, a contact given to another agent. */
export const changesInbox = (event: RealtimeEvent): boolean =>
  event.type === 'message.created' || event.type === 'conversation.updated' || event.type === 'assignee.changed';

/**
 * The agent's conversations, newest activity first: today the chat history's conversation list
 * (a seat sees its own contacts' conversations), read again when the realtime channel tells of a
 * change. The inbox calls of issue 17 (assignment, unread, filters) replace it.
 */
export function useInbox(search: string) {
  const queryKey = ['client.inbox', search] as const;
  const inbox = useQuery({
    queryKey,
    queryFn: ({ signal }) =>
      callApi(calls.messageConversations, {
        body: { page: 1, pageSize: INBOX_SIZE, filters: search ? { search } : {} },
        signal,
      }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  useRefetchOnEvent(queryKey, changesInbox);
  return { conversations: inbox.data?.records ?? ([] as ConversationSummary[]), loading: inbox.isPending };
}
