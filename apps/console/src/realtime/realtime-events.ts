import type { QueryClient } from '@tanstack/react-query';
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
