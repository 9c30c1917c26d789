import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { useTestApp } from '../../test/test-app.js';

const t = useTestApp();

const INDEX = `<!doctype html><html><body><div id="root"></div>${'<!-- page -->'.repeat(100)}</body></html>`;
const AGENT_INDEX = `<!doctype html><html><body><div id="agent"></div>${'<!-- seat client -->'.repeat(100)}</body></html>`;
const SCRIPT = `export const answer = ${JSON.stringify('x'.repeat(2000))};`;
const ASSET = '/assets/index-Ab12Cd34.js';

interface RawReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A plain HTTP request, so the reply's bytes arrive exactly as sent (fetch would decode them). */
function get(baseUrl: string, target: string, headers: Record<string, string> = {}): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    http
      .get(`${baseUrl}${target}`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

/** A front end's build as Vite and the precompress plugin leave it: each file with its .br and .gz. */
async function writeBuild(dir: string, index = INDEX): Promise<void> {
  await mkdir(path.join(dir, 'assets'));
  for (const [name, text] of [
    ['index.html', index],
    [ASSET.slice(1), SCRIPT],
  ] as const) {
    const file = path.join(dir, name);
    await writeFile(file, text);
    await writeFile(`${file}.br`, brotliCompressSync(text));
    await writeFile(`${file}.gz`, gzipSync(text));
  }
}

describe('the built console and seat client over HTTP', () => {
  let app: FastifyInstance;
  let baseUrl: string;
  let consoleDir: string;
  let agentDir: string;

  beforeAll(async () => {
    consoleDir = await mkdtemp(path.join(os.tmpdir(), 'ws-console-build-'));
    agentDir = await mkdtemp(path.join(os.tmpdir(), 'ws-agent-build-'));
    await writeBuild(consoleDir);
    await writeBuild(agentDir, AGENT_INDEX);
    app = await buildApp({ ...t.context, consoleDir, agentDir });
    await app.listen({ host: '127.0.0.1', port: 0 });
    baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app?.close();
    await rm(consoleDir, { recursive: true, force: true });
    await rm(agentDir, { recursive: true, force: true });
  });

  it('sends the brotli file to a browser that accepts br, cached for a year', async () => {
    const reply = await get(baseUrl, ASSET, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(reply.headers.vary).toMatch(/accept-encoding/i);
    expect(reply.body.equals(brotliCompressSync(SCRIPT))).toBe(true);
  });

  it('sends the gzip file, or the plain one, to clients that accept only those', async () => {
    const gzipped = await get(baseUrl, ASSET, { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.body.equals(gzipSync(SCRIPT))).toBe(true);
    const plain = await get(baseUrl, ASSET);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends index.html compressed and revalidated, at / and as the page fallback', async () => {
    for (const target of ['/', '/login', '/accountmanage/wslist']) {
      const reply = await get(baseUrl, target, { accept: 'text/html', 'accept-encoding': 'br' });
      expect(reply.status, target).toBe(200);
      expect(reply.headers['content-type'], target).toMatch(/^text\/html/);
      expect(reply.headers['content-encoding'], target).toBe('br');
      expect(reply.headers['cache-control'], target).toBe('no-cache');
      expect(reply.body.equals(brotliCompressSync(INDEX)), target).toBe(true);
    }
  });

  it('answers a missing asset with the JSON 404', async () => {
    const reply = await get(baseUrl, '/assets/missing-Zz99.js', { 'accept-encoding': 'br' });
    expect(reply.status).toBe(404);
    expect(JSON.parse(reply.body.toString())).toMatchObject({ code: 404 });
  });

  it("sends the seat client's index.html at /client/ and as the fallback of every /client/ page", async () => {
    // Vite's base makes every URL of the page absolute (/client/assets/…), so /client works as well.
    for (const target of ['/client', '/client/', '/client/login', '/client/conversations/12']) {
      const reply = await get(baseUrl, target, { accept: 'text/html', 'accept-encoding': 'br' });
      expect(reply.status, target).toBe(200);
      expect(reply.headers['content-encoding'], target).toBe('br');
      expect(reply.headers['cache-control'], target).toBe('no-cache');
      expect(reply.body.equals(brotliCompressSync(AGENT_INDEX)), target).toBe(true);
    }
  });

  it("sends the seat client's assets from its own build, compressed and cached for a year", async () => {
    const reply = await get(baseUrl, `/client${ASSET}`, { 'accept-encoding': 'gzip' });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-encoding']).toBe('gzip');
    expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await get(baseUrl, '/client/assets/missing-Zz99.js', { accept: '*/*' });
    expect(missing.status).toBe(404);
  });
});
