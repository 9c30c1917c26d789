/**
 * The media call streams: a large file arrives whole, bytes leave before the Cloud API has sent the
 * last of them, its errors are the call's usual ones, and an upstream that dies mid-file cuts the
 * reply off without hanging or crashing the server. Over a real socket, as a browser downloads.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { buffer } from 'node:stream/consumers';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../sandbox/index.js';
import { useTenants } from '../../test/tenants.js';
import { useTestApp } from '../../test/test-app.js';
import { seedContact, seedNumber, seedSandboxNumber } from '../../test/whatsapp-fixtures.js';
import { createCloudApiClient } from '../../whatsapp/cloud-api/client.js';
import { insertMessages } from './test-support.js';

const t = useTestApp();
const { a: owner } = useTenants(t);
let appUrl: string;
let sandbox: RunningSandbox;

/** A Cloud API stand-in whose media files answer as each test tells them (by media id). */
const files = new Map<string, (response: ServerResponse) => void>();
const upstream = createServer((incoming, response) => {
  const lookup = /^\/v23\.0\/([^/?]+)/.exec(incoming.url ?? '');
  if (lookup) {
    const url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/file/${lookup[1]}`;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ messaging_product: 'whatsapp', id: lookup[1], url, mime_type: 'application/pdf' }));
    return;
  }
  files.get(incoming.url?.slice('/file/'.length) ?? '')?.(response);
});
const sockets = new Set<Socket>();
upstream.on('connection', (socket) => {
  sockets.add(socket);
  socket.on('close', () => sockets.delete(socket));
});

/** Numbers of tenant A: one in the sandbox, one at the stand-in; a contact to hang messages on. */
const numbers = { sandbox: '', standIn: '' };
let sandboxToken = '';
let sandboxPhoneNumberId = '';
let contactId: string;

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  appUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  sandbox = await startSandbox({ appSecret: t.context.whatsapp.appSecret, webhookUrl: null });
  const seeded = await seedSandboxNumber(t.pool, t.context.whatsapp, sandbox, owner.tenantId);
  numbers.sandbox = seeded.numberId;
  sandboxToken = seeded.made.access_token;
  sandboxPhoneNumberId = seeded.made.phone_number_id;
  const standInUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  numbers.standIn = (await seedNumber(t.pool, t.context.whatsapp, owner.tenantId, { apiBaseUrl: standInUrl })).numberId;
  contactId = await seedContact(t.pool, owner.tenantId, { waId: '8613900000077' });
});
afterAll(async () => {
  await sandbox?.stop();
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => upstream.close(resolve));
});

/** A document message whose file is `mediaId` on the number; its key for the media call. */
async function documentMessage(numberId: string, mediaId: string) {
  const createdAt = new Date().toISOString();
  const document = { id: mediaId, mime_type: 'application/pdf', filename: 'big.pdf' };
  const [id] = await insertMessages(t, owner.tenantId, [
    { numberId, contactId, createdAt, type: 'document', body: { type: 'document', document } },
  ]);
  return { messageId: id as string, createdAt };
}

/** The media call over HTTP; resolves once the reply's headers are in. */
function mediaCall(key: { messageId: string; createdAt: string }) {
  const query = new URLSearchParams(key).toString();
  return request(`${appUrl}/api/message/media?${query}`, { headers: { token: owner.token } });
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe('GET /api/message/media streams', () => {
  it('a 5 MB file from the Cloud API arrives intact, with its size', async () => {
    const data = randomBytes(5 * 1024 * 1024);
    const cloud = createCloudApiClient({ baseUrl: sandbox.url, version: 'v23.0', accessToken: sandboxToken });
    const { id } = await cloud.uploadMedia(sandboxPhoneNumberId, { data, mimeType: 'application/pdf' });
    const reply = await mediaCall(await documentMessage(numbers.sandbox, id));
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('application/pdf');
    expect(reply.headers['content-length']).toBe(String(data.length));
    expect(reply.headers['content-disposition']).toContain('filename="big.pdf"');
    const received = await buffer(reply.body);
    expect(received.length).toBe(data.length);
    expect(sha256(received)).toBe(sha256(data));
  });

  it('passes bytes on before the Cloud API has sent the whole file', async () => {
    const [head, tail] = [randomBytes(64 * 1024), randomBytes(64 * 1024)];
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    files.set('held', (response) => {
      // No content-length: the reply is chunked, and still streams.
      response.writeHead(200, { 'content-type': 'application/pdf' });
      response.write(head);
      void released.then(() => response.end(tail));
    });
    try {
      // Held whole in memory, the reply would not even start until `release`.
      const reply = await mediaCall(await documentMessage(numbers.standIn, 'held'));
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-length']).toBeUndefined();
      release();
      expect(sha256(await buffer(reply.body))).toBe(sha256(Buffer.concat([head, tail])));
    } finally {
      release();
    }
  });
});

describe('GET /api/message/media fails', () => {
  it('as before when the download is refused or unreachable', async () => {
    files.set('expired', (response) => {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: 'Media not found', type: 'OAuthException', code: 100 } }));
    });
    files.set('proxy-page', (response) => {
      response.writeHead(502, { 'content-type': 'text/html' });
      response.end('<html>Bad gateway</html>');
    });
    files.set('reset', (response) => response.socket?.destroy());

    const expired = await mediaCall(await documentMessage(numbers.standIn, 'expired'));
    expect(expired.statusCode).toBe(404);
    expect(((await expired.body.json()) as { message: string }).message).toBe(
      '媒体文件已无法从 Cloud API 获取：Media not found',
    );
    for (const mediaId of ['proxy-page', 'reset']) {
      const reply = await mediaCall(await documentMessage(numbers.standIn, mediaId));
      expect(reply.statusCode, mediaId).toBe(503);
      expect(((await reply.body.json()) as { message: string }).message).toBe('暂时无法连接 Cloud API，请稍后重试');
    }
  });

  it.each([
    ['with a content-length', true],
    ['chunked', false],
  ])('by cutting the reply off when the upstream dies mid-file (%s)', async (_name, sized) => {
    const mediaId = `cut-${sized}`;
    let cut = () => {};
    files.set(mediaId, (response) => {
      response.writeHead(200, {
        'content-type': 'application/pdf',
        ...(sized ? { 'content-length': String(1024 * 1024) } : {}),
      });
      response.write(randomBytes(256 * 1024));
      // The socket is dropped once the client has the reply's start: mid-file for certain.
      cut = () => response.socket?.destroy();
    });
    const reply = await mediaCall(await documentMessage(numbers.standIn, mediaId));
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-length']).toBe(sized ? String(1024 * 1024) : undefined);
    const read = buffer(reply.body);
    cut();
    await expect(read).rejects.toThrow();

    // The handler has finished (a shutdown would not wait on it), and the server still answers.
    const started = Date.now();
    await t.app.inFlight.drained(5_000);
    expect(Date.now() - started).toBeLessThan(4_000);
    expect((await t.get('/healthz')).status).toBe(200);
  });

  it('by aborting the download when the client goes away mid-file', async () => {
    let upstreamClosed = () => {};
    const closed = new Promise<void>((resolve) => {
      upstreamClosed = resolve;
    });
    files.set('abandoned', (response) => {
      response.writeHead(200, { 'content-type': 'application/pdf', 'content-length': String(1024 * 1024) });
      response.write(randomBytes(64 * 1024));
      response.on('close', upstreamClosed);
    });
    const reply = await mediaCall(await documentMessage(numbers.standIn, 'abandoned'));
    expect(reply.statusCode).toBe(200);
    reply.body.destroy();
    // The pooled connection to the Cloud API is let go now, not after the 120-second idle limit.
    await closed;
  });

  it('with an error reply when the upstream dies before the first byte of the file', async () => {
    files.set('headers-only', (response) => {
      response.writeHead(200, { 'content-type': 'application/pdf', 'content-length': '1000' });
      response.flushHeaders();
      setTimeout(() => response.socket?.destroy(), 20);
    });
    const reply = await mediaCall(await documentMessage(numbers.standIn, 'headers-only'));
    // The app's own error envelope, not the file's type, size and name around a JSON body.
    expect(reply.statusCode).toBe(503);
    expect(reply.headers['content-type']).toMatch(/^application\/json/);
    expect(reply.headers['content-disposition']).toBeUndefined();
    expect(((await reply.body.json()) as { message: string }).message).toBe('暂时无法连接 Cloud API，请稍后重试');
    expect((await t.get('/healthz')).status).toBe(200);
  });
});
