import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import type { RealtimeEvent } from '@ws/contract';
import { useEffect, useRef } from 'react';
import { createRealtimeClient, realtimeUrlOf } from './realtime-client.js';

type Listener = (event: RealtimeEvent) => void;
const listeners = new Set<Listener>();

/**
 * Keeps the console's one realtime connection open while mounted (while signed in): events go to
 * the pages listening (useRealtimeEvent); a `resync` invalidates every query, so what is shown is
 * refetched.
 */
export function useRealtimeConnection(
  queryClient: QueryClient,
  token: () => string | null,
  refresh: () => Promise<void>,
) {
  const latest = useRef({ token, refresh });
  latest.current = { token, refresh };
  useEffect(() => {
    const client = createRealtimeClient({
      url: realtimeUrlOf(window.location),
      token: () => latest.current.token(),
      onUnauthorized: () => latest.current.refresh(),
      onEvent: dispatchRealtimeEvent,
      onResync: () => void queryClient.invalidateQueries(),
    });
    return () => client.stop();
  }, [queryClient]);
}

/** Hands an event to every listener (the connection does; tests may too). */
export function dispatchRealtimeEvent(event: RealtimeEvent): void {
  for (const listener of listeners) listener(event);
}

/** Calls `handler` with each realtime event while the component is mounted. */
export function useRealtimeEvent(handler: Listener): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const listener: Listener = (event) => latest.current(event);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, []);
}

/**
 * Reads the query again each time an event it `concerns` arrives. A read already under way may
 * have started before the change was committed, so it is cancelled and a new one started: the
 * last read always begins after the last event (refetching alone would join a first read in flight).
 */
export function useRefetchOnEvent(queryKey: QueryKey, concerns: (event: RealtimeEvent) => boolean): void {
  const queryClient = useQueryClient();
  useRealtimeEvent((event) => {
    if (!concerns(event)) return;
    const filters = { queryKey, exact: true };
    void queryClient.cancelQueries(filters).then(() => queryClient.refetchQueries(filters));
  });
}
