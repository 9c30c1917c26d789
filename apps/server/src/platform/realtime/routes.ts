import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context.js';
import { acceptSocket, type SocketReceiver } from './connection.js';
import { liveSessions } from './event-repository.js';
import { type HubOptions, RealtimeHub } from './hub.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This api process's realtime hub (its sockets and its cursor). */
    realtime: RealtimeHub;
  }
}

export interface RealtimeOptions extends HubOptions {
  /** Between two checks that every socket's session is still signed in (ms). */
  sessionCheckMs?: number;
}

/** The largest message a client may send (its auth message). */
const MAX_CLIENT_MESSAGE = 8192;

/**
 * `GET /ws`: the realtime channel. The hub starts with the server and stops before it closes;
 * the heartbeat cuts dead sockets, and a periodic check closes sockets whose session was revoked
 * by something that published no `session.revoked` event.
 */
export async function registerRealtime(
  app: FastifyInstance,
  context: AppContext,
  options: RealtimeOptions = {},
): Promise<void> {
  const hub = RealtimeHub.fromPool(context.pool, context.logger, options);
  app.decorate('realtime', hub);
  await app.register(fastifyWebsocket, { options: { maxPayload: MAX_CLIENT_MESSAGE } });
  app.get('/ws', { websocket: true }, (socket) => acceptSocket(context, hub, socket));

  const timers: NodeJS.Timeout[] = [];
  app.addHook('onReady', async () => {
    await hub.start();
    timers.push(setInterval(() => heartbeat(hub), context.config.REALTIME_HEARTBEAT_SECONDS * 1000));
    timers.push(
      setInterval(
        () =>
          void closeRevoked(context, hub).catch((error: unknown) =>
            context.logger.warn({ err: error }, 'realtime session check failed'),
          ),
        options.sessionCheckMs ?? 60_000,
      ),
    );
    for (const timer of timers) timer.unref();
  });
  app.addHook('preClose', async () => {
    for (const timer of timers) clearInterval(timer);
    await hub.stop();
  });
}

function heartbeat(hub: RealtimeHub): void {
  for (const receiver of hub.receivers() as Iterable<SocketReceiver>) {
    if (!receiver.alive) {
      hub.remove(receiver);
      receiver.socket.terminate();
      continue;
    }
    receiver.alive = false;
    receiver.socket.ping();
  }
}

async function closeRevoked(context: AppContext, hub: RealtimeHub): Promise<void> {
  const receivers = [...hub.receivers()];
  if (receivers.length === 0) return;
  const live = await liveSessions(context.pool, [...new Set(receivers.map((receiver) => receiver.sessionId))]);
  for (const receiver of receivers) {
    // A revoked session, or one switched to another role, signs in again with its new token.
    if (live.get(receiver.sessionId) !== receiver.scope.role) receiver.close(4401, 'session revoked or changed');
  }
}
