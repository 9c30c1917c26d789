/** A realtime client for the tests: a real WebSocket to a listening test app, its messages kept in order. */
import type { RealtimeServerMessage } from '@ws/contract';
import { expect, vi } from 'vitest';
import WebSocket from 'ws';
import type { TestApp } from './test-app.js';

export interface TestSocket {
  socket: WebSocket;
  messages: RealtimeServerMessage[];
  /** The `event` messages, in order. */
  events(): Extract<RealtimeServerMessage, { type: 'event' }>[];
  /** Resolves with the close code once the server closes it. */
  closed: Promise<number>;
  /** Waits until `predicate` holds for the messages received. */
  until(predicate: (messages: RealtimeServerMessage[]) => boolean): Promise<void>;
  close(): void;
}

/** The test app's address, listening on a free port from the first call on. */
export async function listeningUrl(t: TestApp): Promise<string> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening on a TCP port');
  return `ws://127.0.0.1:${address.port}/ws`;
}

/** Opens /ws and sends `first` (an auth message unless told otherwise) once open. */
export async function openSocket(
  t: TestApp,
  first: unknown,
  options: WebSocket.ClientOptions = {},
): Promise<TestSocket> {
  const socket = new WebSocket(await listeningUrl(t), options);
  const messages: RealtimeServerMessage[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(String(data))));
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  socket.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  if (first !== undefined) socket.send(typeof first === 'string' ? first : JSON.stringify(first));
  return {
    socket,
    messages,
    events: () => messages.filter((message) => message.type === 'event'),
    closed,
    until: (predicate) =>
      vi.waitFor(
        () => {
          const seen = messages.map((message) => (message.type === 'event' ? message.event.type : message.type));
          expect(predicate(messages), `received: ${seen.join(', ')}`).toBe(true);
        },
        { timeout: 10_000, interval: 10 },
      ),
    close: () => socket.close(),
  };
}

/** A signed-in socket, once the server said `ready` (or `resync`). */
export async function signedInSocket(t: TestApp, token: string, lastEventId?: string | null): Promise<TestSocket> {
  const opened = await openSocket(t, { type: 'auth', token, last_event_id: lastEventId ?? null });
  await opened.until((messages) => messages.some((message) => message.type === 'ready' || message.type === 'resync'));
  return opened;
}

/** Waits until the app's hub has read every event committed so far (the id of the newest). */
export async function hubCaughtUp(t: TestApp): Promise<void> {
  const { rows } = await t.pool.query<{ id: string | null }>('select max(id)::text as id from realtime_event');
  const newest = rows[0]?.id;
  if (!newest) return;
  await vi.waitFor(
    async () => {
      const { rows: found } = await t.pool.query<{ xid: string }>(
        'select xid::text from realtime_event where id = $1',
        [newest],
      );
      expect(t.app.realtime.hasRead({ xid: BigInt(found[0]?.xid ?? '0'), id: BigInt(newest) })).toBe(true);
    },
    { timeout: 10_000, interval: 10 },
  );
}
