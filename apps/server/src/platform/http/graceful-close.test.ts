import type { AddressInfo } from 'node:net';
import { defineCall, envelopeOf } from '@ws/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useTestApp } from '../../test/test-app.js';
import { createHttpServer } from './app.js';
import { route } from './route.js';

const t = useTestApp();

describe('closing the HTTP server', () => {
  it('finishes a request in flight and refuses new connections', async () => {
    const app = createHttpServer(t.context);
    let release: () => void = () => undefined;
    const started = new Promise<void>((resolveStarted) => {
      app.get('/slow', async () => {
        resolveStarted();
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return { finished: true };
      });
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

    const inFlight = fetch(`${url}/slow`);
    await started;
    const closed = app.close();
    // Hold the slow request until the server refuses newcomers, so the close is really under way.
    const refusesNewcomers = async () => {
      const probe = await fetch(`${url}/healthz`).catch(() => undefined);
      return probe === undefined || probe.status === 503;
    };
    while (!(await refusesNewcomers())) await new Promise((resolve) => setTimeout(resolve, 10));
    release();
    const reply = await inFlight;
    expect(reply.status).toBe(200);
    expect(await reply.json()).toEqual({ finished: true });
    // Without `Connection: close` the finished request's kept-alive socket would hold the close
    // for Fastify's 72 s keep-alive timeout, past this test's timeout.
    await closed;
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
  });

  it('waits for a handler whose client went away before it finishes closing', async () => {
    const app = createHttpServer(t.context);
    const slowCall = defineCall({
      id: 'test.slow',
      method: 'GET',
      path: '/api/test/slow',
      tag: 'test',
      summary: 'holds until released',
      access: 'public',
      kind: 'read',
      reply: envelopeOf(z.object({ finished: z.boolean() })),
    });
    let release: () => void = () => undefined;
    let handlerFinished = false;
    const started = new Promise<void>((resolveStarted) => {
      route(app, t.context, slowCall, async () => {
        resolveStarted();
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        await t.pool.query('select 1');
        handlerFinished = true;
        return { finished: true };
      });
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const client = new AbortController();
    const abandoned = fetch(`${url}/api/test/slow`, { signal: client.signal }).catch(() => 'aborted');
    await started;
    client.abort();
    expect(await abandoned).toBe('aborted');

    let closedWhileRunning: boolean | undefined;
    const closed = app.close().then(() => {
      closedWhileRunning = !handlerFinished;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(closedWhileRunning).toBeUndefined();
    release();
    await closed;
    expect(closedWhileRunning).toBe(false);
  });
});
