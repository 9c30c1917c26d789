import { useQuery } from '@tanstack/react-query';
import { calls, PRESENCE_HEARTBEAT_SECONDS, type Presence, type RealtimeEvent } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { useRefetchOnEvent } from '@ws/web-kit/realtime';
import { runPeriodically } from '@ws/web-kit/utils';
import { useEffect, useState } from 'react';
import { usePresence } from '../session/client-stores.js';

/**
 * The presence heartbeat (decision 0016): `inbox/presence` with the state the agent chose, at once
 * when it changes and every PRESENCE_HEARTBEAT_SECONDS while the workspace is open (signed in).
 * Answers the server's view of it (online only while heard from). A missed beat is tried again at
 * the next one; the server times the agent out by itself when the beats stop.
 */
export function usePresenceHeartbeat(): Presence | undefined {
  const state = usePresence();
  const [presence, setPresence] = useState<Presence>();
  useEffect(
    () =>
      runPeriodically(async () => {
        setPresence(await callApi(calls.inboxPresence, { body: { state }, silent: true }));
      }, PRESENCE_HEARTBEAT_SECONDS * 1000),
    [state],
  );
  return presence;
}

/** Signing out says "away" first, so no new conversation is given to this agent meanwhile. */
export async function leaveBeforeSignOut(): Promise<void> {
  try {
    await callApi(calls.inboxPresence, { body: { state: 'away' }, silent: true });
  } catch {
    // Signing out goes on: without beats the server counts the agent offline shortly anyway.
  }
}

/** Changes of hands and status move the agent's load of open conversations. */
const changesLoad = (event: RealtimeEvent) =>
  event.type === 'conversation.assigned' || event.type === 'conversation.status';

/** The signed-in agent (`inbox/me`): its numbers, cap and open conversations, kept live. */
export function useMe() {
  const queryKey = ['inbox.me'] as const;
  const me = useQuery({
    queryKey,
    queryFn: ({ signal }) => callApi(calls.inboxMe, { signal, silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  useRefetchOnEvent(queryKey, changesLoad);
  return me.data;
}
