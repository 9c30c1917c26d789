import { useQuery, useQueryClient } from '@tanstack/react-query';
import { calls, type InboxConversation, type RealtimeEvent } from '@ws/contract';
import { ApiError, callApi } from '@ws/web-kit/api';
import { useRefetchOnEvent } from '@ws/web-kit/realtime';
import { useCallback } from 'react';

export const conversationQueryKey = (conversationId: string) => ['inbox.open', conversationId] as const;

/**
 * Whether an event changes the open conversation: its status or hands, or a customer's message
 * (the window, unread). Not a count going to 0, which is what opening it tells the others: reading
 * again on it would open it again and again.
 */
export function concernsConversation(
  conversation: Pick<InboxConversation, 'number_id' | 'contact_id'> | undefined,
  conversationId: string,
  event: RealtimeEvent,
): boolean {
  switch (event.type) {
    case 'conversation.assigned':
    case 'conversation.status':
      return event.data.conversation_id === conversationId;
    case 'conversation.updated':
      return event.data.unread > 0 && event.data.conversation_id === conversationId;
    case 'message.created':
      return (
        event.data.direction === 'in' &&
        event.data.number_id === conversation?.number_id &&
        event.data.contact_id === conversation.contact_id
      );
    default:
      return false;
  }
}

/**
 * The open conversation (`inbox/open`: reading it marks it read and tells its other agents that
 * this one is viewing it). Read again when something changes it, so a message arriving while the
 * agent reads is read too, and a conversation taken by another agent answers 404 (shown as gone).
 * Only the first read reports its failure; the later ones show their outcome in place.
 */
export function useConversation(conversationId: string) {
  const queryClient = useQueryClient();
  const queryKey = conversationQueryKey(conversationId);
  const opened = useQuery({
    queryKey,
    queryFn: ({ signal }) =>
      callApi(calls.inboxOpen, {
        body: { conversationId },
        signal,
        silent: queryClient.getQueryData(queryKey) !== undefined,
      }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  const conversation = opened.data;
  useRefetchOnEvent(queryKey, (event) => concernsConversation(conversation, conversationId, event));
  /**
   * An action's reply is the conversation as it now is: newer than any read still on its way (one
   * an event started while the action ran), which is cancelled so that it cannot put back the
   * conversation as it was (a take undone on screen: seen in full test runs under load).
   */
  const update = useCallback(
    (next: InboxConversation) => {
      const key = conversationQueryKey(conversationId);
      void queryClient.cancelQueries({ queryKey: key }).then(() => queryClient.setQueryData(key, next));
    },
    [queryClient, conversationId],
  );
  // 404: no longer in this agent's inbox (taken by another agent, transferred away, or never).
  const gone = opened.error instanceof ApiError && opened.error.status === 404;
  return {
    conversation: gone ? undefined : conversation,
    /** When its 24-hour window closes, on this browser's clock (from when the server answered). */
    closesAt: opened.dataUpdatedAt + (conversation?.window_remaining_seconds ?? 0) * 1000,
    gone,
    failed: opened.isError && !conversation,
    update,
  };
}
