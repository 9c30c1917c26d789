import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import type { RealtimeEvent } from '@ws/contract';
import { useEffect, useRef } from 'react';
import { createRealtimeClient, realtimeUrlOf } from './realtime-client.js';

type Listener = (event: RealtimeEvent) => void;
const listeners = new Set<Listener>();

/**
 * Keeps the app's one realtime connection open while mounted (while signed in): events go to
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
 * Reads the query again each time an event it `concerns` arrives, one read at a time: events during
 * a read cause one more read after it. A read already under way when an event arrives may have
 * started before the change was committed (and refetching would only join it), so it is let end
 * and another one follows. A steady stream of events never starves the query.
 */
export function useRefetchOnEvent(queryKey: QueryKey, concerns: (event: RealtimeEvent) => boolean): void {
  const queryClient = useQueryClient();
  const state = useRef({ running: false, again: false });
  const key = useRef(queryKey);
  key.current = queryKey;
  useRealtimeEvent((event) => {
    if (!concerns(event)) return;
    const flags = state.current;
    if (flags.running) {
      flags.again = true;
      return;
    }
    flags.running = true;
    void (async () => {
      try {
        do {
          flags.again = false;
          const filters = { queryKey: key.current, exact: true };
          const underWay = queryClient.getQueryState(key.current)?.fetchStatus === 'fetching';
          await queryClient.refetchQueries(filters, { cancelRefetch: false });
          if (underWay) await queryClient.refetchQueries(filters, { cancelRefetch: false });
        } while (flags.again);
      } finally {
        flags.running = false;
      }
    })();
  });
}
