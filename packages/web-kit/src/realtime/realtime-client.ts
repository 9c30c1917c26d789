/**
 * The browser side of `GET /ws`: opens the socket, signs in with the first message (a browser
 * cannot set headers on a WebSocket, and a token in the URL would end up in logs), hands each
 * event on, and reconnects with a growing delay, passing the last event id it saw so that the
 * server replays what was missed, or says `resync` when it cannot. Self-contained (no console
 * imports), so that the seat client can use it too.
 */
import { REALTIME_CLOSE, type RealtimeEvent, RealtimeServerMessage } from '@ws/contract';

export interface RealtimeClientOptions {
  /** The socket's address, e.g. `wss://host/ws`. */
  url: string;
  /** The current access token; null while signed out (the client waits and asks again). */
  token: () => string | null;
  onEvent: (event: RealtimeEvent, id: string) => void;
  /** What the page shows may be stale: refetch it (missed events could not be replayed). */
  onResync: () => void;
  /** When the server says the token is no longer good: refresh it before the next attempt. */
  onUnauthorized?: () => Promise<void> | void;
  /** Injected by tests. */
  createSocket?: (url: string) => WebSocket;
  /** Backoff bounds in ms. */
  minDelay?: number;
  maxDelay?: number;
}

export interface RealtimeClient {
  stop(): void;
  /** The id of the last event seen (null before the first `ready`). */
  lastEventId(): string | null;
}

/** The address of /ws beside the page (ws: or wss: as the page's scheme). */
export const realtimeUrlOf = (location: Location): string =>
  `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`;

export function createRealtimeClient(options: RealtimeClientOptions): RealtimeClient {
  const minDelay = options.minDelay ?? 500;
  const maxDelay = options.maxDelay ?? 30_000;
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url));
  let lastId: string | null = null;
  let everReady = false;
  let failures = 0;
  let stopped = false;
  let socket: WebSocket | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const scheduleReconnect = () => {
    if (stopped) return;
    const ceiling = Math.min(maxDelay, minDelay * 2 ** failures);
    failures += 1;
    // Full jitter: many consoles cut off at once do not come back at the same instant.
    retry = setTimeout(connect, ceiling / 2 + Math.random() * (ceiling / 2));
  };

  function connect() {
    retry = undefined;
    if (stopped) return;
    const token = options.token();
    if (!token) {
      scheduleReconnect();
      return;
    }
    const opened = createSocket(options.url);
    socket = opened;
    opened.onopen = () => opened.send(JSON.stringify({ type: 'auth', token, last_event_id: lastId }));
    opened.onmessage = (message) => {
      let parsed: ReturnType<typeof RealtimeServerMessage.safeParse>;
      try {
        parsed = RealtimeServerMessage.safeParse(JSON.parse(String(message.data)));
      } catch {
        return;
      }
      if (!parsed.success) return;
      const data = parsed.data;
      if (data.type === 'event') {
        lastId = data.id;
        options.onEvent(data.event, data.id);
        return;
      }
      failures = 0;
      // A reconnection without a last event to resume from missed whatever happened meanwhile.
      const missedUnknown = data.type === 'ready' && everReady && lastId === null;
      lastId = data.last_event_id;
      if (data.type === 'resync' || missedUnknown) options.onResync();
      everReady = true;
    };
    opened.onclose = (event) => {
      if (socket === opened) socket = undefined;
      if (stopped) return;
      if (event.code === REALTIME_CLOSE.unauthorized && options.onUnauthorized) {
        void Promise.resolve(options.onUnauthorized()).finally(scheduleReconnect);
        return;
      }
      scheduleReconnect();
    };
  }

  connect();
  return {
    stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      socket?.close(1000, 'signed out');
    },
    lastEventId: () => lastId,
  };
}
