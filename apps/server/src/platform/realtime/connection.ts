/**
 * One client socket: the auth message within AUTH_DEADLINE_MS (browsers cannot set headers on a
 * WebSocket, and a token in the URL would end up in logs), the replay of what it missed, then the
 * live events. Sending never buffers without limit: a socket with more than the configured bytes
 * unsent, or with too many events waiting during its replay, is closed as too slow.
 */
import { REALTIME_CLOSE, RealtimeAuth } from '@ws/contract';
import type { WebSocket } from 'ws';
import { loadPrincipal } from '../auth/principal.js';
import { scopeOf } from '../auth/scope.js';
import type { AppContext } from '../http/context.js';
import { after, type Position, positionOf, tenantEventsBetween } from './event-repository.js';
import { encodeEvent, mayReceive, type RealtimeHub, type Receiver } from './hub.js';

export const AUTH_DEADLINE_MS = 5000;
/** Live events a socket may have waiting while its replay is read. */
const MAX_WAITING = 10_000;
/** After a close frame that a slow client does not read, how long before the socket is cut. */
const CLOSE_GRACE_MS = 2000;

export interface SocketReceiver extends Receiver {
  /** Answered the last ping (the heartbeat clears it before each ping). */
  alive: boolean;
  socket: WebSocket;
}

export function acceptSocket(context: AppContext, hub: RealtimeHub, socket: WebSocket): void {
  const deadline = setTimeout(() => refuse('no auth message in time'), AUTH_DEADLINE_MS);
  let settled = false;
  socket.on('close', () => clearTimeout(deadline));
  socket.once('message', (data, isBinary) => {
    clearTimeout(deadline);
    if (settled) return;
    settled = true;
    let parsed: ReturnType<typeof RealtimeAuth.safeParse>;
    try {
      parsed = RealtimeAuth.safeParse(isBinary ? undefined : JSON.parse(String(data)));
    } catch {
      refuse('the first message must be {"type":"auth","token":...}');
      return;
    }
    if (!parsed.success) {
      refuse('the first message must be {"type":"auth","token":...}');
      return;
    }
    void signIn(context, hub, socket, parsed.data).catch((error: unknown) => {
      context.logger.warn({ err: error }, 'realtime sign-in failed');
      socket.close(1011, 'server error');
    });
  });

  function refuse(reason: string) {
    settled = true;
    socket.close(REALTIME_CLOSE.unauthorized, reason);
  }
}

async function signIn(context: AppContext, hub: RealtimeHub, socket: WebSocket, auth: RealtimeAuth): Promise<void> {
  const principal = await loadPrincipal(context.pool, context.tokens, auth.token);
  if (socket.readyState !== socket.OPEN) return;
  if (!principal) {
    socket.close(REALTIME_CLOSE.unauthorized, 'invalid or revoked token');
    return;
  }
  const limit = context.config.REALTIME_SEND_BUFFER;
  // Live events that arrive while the replay is read wait here, then follow it.
  let waiting: { frame: Buffer; position: Position }[] | undefined = [];
  // A client that comes from a process further ahead: what it has seen is not sent again.
  let seenUpTo: Position | undefined;
  let closing = false;
  const send = (frame: Buffer | string) => {
    if (closing) return;
    if (socket.bufferedAmount > limit) {
      receiver.close(REALTIME_CLOSE.tooSlow, 'client too slow');
      return;
    }
    socket.send(frame, { binary: false });
  };
  const receiver: SocketReceiver = {
    // A realtime socket reads its own tenant only, whatever the role.
    scope: scopeOf(principal, {}),
    sessionId: principal.sessionId,
    alive: true,
    socket,
    deliver(frame, position) {
      if (seenUpTo && !after(position, seenUpTo)) return;
      if (!waiting) return send(frame);
      if (waiting.length >= MAX_WAITING) return receiver.close(REALTIME_CLOSE.tooSlow, 'client too slow');
      waiting.push({ frame, position });
    },
    close(code, reason) {
      if (closing) return;
      closing = true;
      hub.remove(receiver);
      socket.close(code, reason);
      setTimeout(() => socket.terminate(), CLOSE_GRACE_MS).unref();
    },
  };
  socket.on('pong', () => {
    receiver.alive = true;
  });
  socket.on('close', () => {
    closing = true;
    hub.remove(receiver);
  });

  const { position: live, lastId } = hub.position();
  hub.add(receiver);
  const replay = await replayFrom(context, hub, receiver, auth.last_event_id ?? null, live);
  if (closing) return;
  if (replay.kind === 'resync') {
    send(JSON.stringify({ type: 'resync', last_event_id: lastId }));
  } else if (replay.kind === 'ahead') {
    seenUpTo = replay.seen;
    send(JSON.stringify({ type: 'ready', last_event_id: auth.last_event_id }));
  } else {
    for (const frame of replay.frames) send(frame);
    send(JSON.stringify({ type: 'ready', last_event_id: replay.lastId ?? lastId }));
  }
  const queued = waiting;
  waiting = undefined;
  for (const item of queued) receiver.deliver(item.frame, item.position);
}

type Replay =
  | { kind: 'resync' }
  | { kind: 'ahead'; seen: Position }
  | { kind: 'events'; frames: Buffer[]; lastId: string | null };

/**
 * What a reconnecting client missed, up to where live delivery stands: its events when there are
 * at most REALTIME_REPLAY_LIMIT of the tenant's, `resync` when more, or when its last event is
 * unknown (pruned, or not its tenant's). A client without a last event starts live.
 */
async function replayFrom(
  context: AppContext,
  hub: RealtimeHub,
  receiver: Receiver,
  lastEventId: string | null,
  live: Position,
): Promise<Replay> {
  const { lastId } = hub.position();
  if (lastEventId === null) return { kind: 'events', frames: [], lastId };
  const from = await positionOf(context.pool, receiver.scope.tenantId, lastEventId);
  if (!from) return { kind: 'resync' };
  if (!after(live, from))
    return after(from, live) ? { kind: 'ahead', seen: from } : { kind: 'events', frames: [], lastId: lastEventId };
  const limit = context.config.REALTIME_REPLAY_LIMIT;
  const missed = await tenantEventsBetween(context.pool, receiver.scope.tenantId, from, live, limit + 1);
  if (missed.length > limit) return { kind: 'resync' };
  return {
    kind: 'events',
    frames: missed.filter((event) => mayReceive(receiver, event)).map(encodeEvent),
    lastId: missed.at(-1)?.id.toString() ?? lastEventId,
  };
}
