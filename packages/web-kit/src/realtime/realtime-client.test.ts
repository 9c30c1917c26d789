import type { RealtimeEvent } from '@ws/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRealtimeClient } from './realtime-client.js';

/** A stand-in for the browser's WebSocket: records what is sent, lets the test play the server. */
class FakeSocket {
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.onclose?.({ code: 1000 });
  }
  serverSays(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

const event: RealtimeEvent = {
  type: 'import.progress',
  data: { import_id: '7', status: 'running', total_rows: 4, processed_rows: 1 },
};

describe('createRealtimeClient', () => {
  afterEach(() => vi.useRealTimers());

  it('signs in first, hands events on, and resumes after its last event when it reconnects', async () => {
    vi.useFakeTimers();
    const sockets: FakeSocket[] = [];
    const onEvent = vi.fn();
    const onResync = vi.fn();
    let token = 'token-1';
    const client = createRealtimeClient({
      url: 'ws://console/ws',
      token: () => token,
      onEvent,
      onResync,
      createSocket: () => {
        const socket = new FakeSocket();
        sockets.push(socket);
        return socket as unknown as WebSocket;
      },
    });
    const first = sockets[0] as FakeSocket;
    first.onopen?.();
    expect(first.sent).toEqual([{ type: 'auth', token: 'token-1', last_event_id: null }]);
    first.serverSays({ type: 'ready', last_event_id: '10' });
    first.serverSays({ type: 'event', id: '12', at: '2026-01-01T00:00:00.000Z', event });
    first.serverSays({ type: 'event', id: 'not an id', at: 'x', event });
    expect(onEvent.mock.calls).toEqual([[event, '12']]);
    expect(onResync).not.toHaveBeenCalled();

    // The connection drops: the next attempt comes after a delay, with the newest token and the last id.
    token = 'token-2';
    first.onclose?.({ code: 1006 });
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    const second = sockets[1] as FakeSocket;
    second.onopen?.();
    expect(second.sent).toEqual([{ type: 'auth', token: 'token-2', last_event_id: '12' }]);
    second.serverSays({ type: 'resync', last_event_id: '40' });
    expect(onResync).toHaveBeenCalledTimes(1);
    expect(client.lastEventId()).toBe('40');

    client.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(2);
  });

  it('refreshes the token before trying again when the server refused it', async () => {
    vi.useFakeTimers();
    const sockets: FakeSocket[] = [];
    const onUnauthorized = vi.fn(async () => undefined);
    const client = createRealtimeClient({
      url: 'ws://console/ws',
      token: () => 'token',
      onEvent: () => undefined,
      onResync: () => undefined,
      onUnauthorized,
      createSocket: () => {
        const socket = new FakeSocket();
        sockets.push(socket);
        return socket as unknown as WebSocket;
      },
    });
    sockets[0]?.onclose?.({ code: 4401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sockets).toHaveLength(2);
    client.stop();
  });
});
