import { calls, type RealtimeEvent, VIEWING_REFRESH_SECONDS, VIEWING_TIMEOUT_SECONDS } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { useRealtimeEvent } from '@ws/web-kit/realtime';
import { runPeriodically } from '@ws/web-kit/utils';
import { useEffect, useState } from 'react';
import { useNow } from './clock.js';

/** Another agent seen viewing a conversation, and when (this browser's clock) it last said so. */
export interface Viewer {
  userId: string;
  nickname: string;
  seenAt: number;
}

/** The viewers after an event: another agent's `conversation.viewing` of this conversation adds or renews one. */
export function viewersAfter(
  viewers: readonly Viewer[],
  event: RealtimeEvent,
  conversationId: string,
  me: string | undefined,
  at: number,
): readonly Viewer[] {
  if (event.type !== 'conversation.viewing' || event.data.conversation_id !== conversationId) return viewers;
  if (event.data.user_id === me) return viewers;
  const seen = { userId: event.data.user_id, nickname: event.data.nickname, seenAt: at };
  return [...viewers.filter((viewer) => viewer.userId !== seen.userId), seen];
}

/** The viewers still viewing at `now`: those heard from within VIEWING_TIMEOUT_SECONDS. */
export const currentViewers = (viewers: readonly Viewer[], now: number): Viewer[] =>
  viewers.filter((viewer) => now - viewer.seenAt < VIEWING_TIMEOUT_SECONDS * 1000);

/**
 * "Viewing" both ways while a conversation is open: `inbox/open` said it first, then this repeats
 * `inbox/viewing` every VIEWING_REFRESH_SECONDS and stops when the conversation is left (the
 * others' mark then lapses after VIEWING_TIMEOUT_SECONDS); and the other agents viewing it, from
 * their `conversation.viewing` events, each shown until it lapses.
 */
export function useViewing(conversationId: string, me: string | undefined): Viewer[] {
  useEffect(
    () =>
      runPeriodically(
        () => callApi(calls.inboxViewing, { body: { conversationId }, silent: true }),
        VIEWING_REFRESH_SECONDS * 1000,
        { immediate: false },
      ),
    [conversationId],
  );
  const [viewers, setViewers] = useState<readonly Viewer[]>([]);
  useRealtimeEvent((event) => setViewers((known) => viewersAfter(known, event, conversationId, me, Date.now())));
  return currentViewers(viewers, useNow());
}
