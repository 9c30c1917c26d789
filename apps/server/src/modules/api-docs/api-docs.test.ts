import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { allCalls } from '@ws/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.js';
import { preferredEncoding } from './renderer-files.js';

const t = useTestApp();
const require = createRequire(import.meta.url);
const publishedBundle = readFileSync(require.resolve('swagger-ui-dist/swagger-ui-bundle.js'));

interface Operation {
  operationId: string;
  tags: string[];
}

const raw = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

/** The same-origin scripts and stylesheets a page names. */
const linkedFiles = (html: string) => [...html.matchAll(/(?:src|href)="(\/[^"]+)"/g)].map((match) => match[1] ?? '');

describe('GET /api/docs', () => {
  it('is a readable HTML reference page allowed to load only from this origin', async () => {
    const reply = await t.get('/api/docs', { headers: { accept: 'text/html' } });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^text\/html/);
    expect(reply.body).toContain('<div id="swagger-ui"></div>');
    const csp = String(reply.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|https?:/);
    // No inline script: every script has a same-origin src.
    expect(reply.body).not.toMatch(/<script>|<script [^>]*>[^<\s]/);
    expect(linkedFiles(reply.body)).toHaveLength(4);
  });

  it('serves every file the page names, the renderer compressed and cached for good', async () => {
    const page = await t.get('/api/docs');
    for (const file of linkedFiles(page.body)) {
      const reply = await raw(file, { 'accept-encoding': 'gzip, deflate, br' });
      expect(reply.statusCode, file).toBe(200);
      expect(reply.headers['content-type'], file).toMatch(/^text\/(javascript|css)/);
    }
    const bundle = linkedFiles(page.body).find((file) => file.endsWith('/swagger-ui-bundle.js')) ?? '';
    const br = await raw(bundle, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).equals(publishedBundle)).toBe(true);
    expect(br.rawPayload.length).toBeLessThan(publishedBundle.length / 3);
    const gz = await raw(bundle, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(publishedBundle)).toBe(true);
    const plain = await raw(bundle);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(publishedBundle)).toBe(true);
  });

  it('keeps the rest of the renderer package out of reach', async () => {
    const page = await t.get('/api/docs');
    const bundle = linkedFiles(page.body).find((file) => file.endsWith('/swagger-ui-bundle.js')) ?? '';
    const folder = bundle.slice(0, bundle.lastIndexOf('/'));
    for (const name of ['package.json', 'index.html', 'swagger-ui-bundle.js.map', '..%2F..%2Fpackage.json']) {
      const reply = await t.get(`${folder}/${name}`);
      expect(reply.status, name).toBe(404);
      expect(reply.body.code, name).toBe(404);
    }
  });

  it('starts the renderer with a document per domain, picked in its top bar', async () => {
    const starter = await t.get('/api/docs/start.js');
    expect(starter.headers['content-type']).toMatch(/^text\/javascript/);
    expect(starter.body).toContain("layout: 'StandaloneLayout'");
    expect(starter.body).toContain('SwaggerUIStandalonePreset');
    const urls = JSON.parse(/urls: (\[.*\]),/.exec(starter.body)?.[1] ?? '[]') as { url: string; name: string }[];
    const tags = [...new Set(allCalls.map((call) => call.tag))];
    expect(urls).toEqual(tags.map((tag) => ({ url: `/api/docs/openapi/${tag}.json`, name: tag })));
  });

  it('puts every call of the contract in exactly one domain document, under its own tag', async () => {
    const starter = await t.get('/api/docs/start.js');
    const urls = JSON.parse(/urls: (\[.*\]),/.exec(starter.body)?.[1] ?? '[]') as { url: string; name: string }[];
    const seen = new Map<string, string[]>();
    for (const { url, name } of urls) {
      const reply = await t.get(url);
      expect(reply.status, url).toBe(200);
      expect(reply.headers['content-type'], url).toMatch(/^application\/json/);
      expect(reply.body.info.title, url).toBe(`WS Console API: ${name}`);
      for (const [path, methods] of Object.entries(reply.body.paths as Record<string, Record<string, Operation>>))
        for (const [method, operation] of Object.entries(methods)) {
          expect(operation.tags, operation.operationId).toEqual([name]);
          seen.set(operation.operationId, [...(seen.get(operation.operationId) ?? []), `${method} ${path} in ${name}`]);
        }
    }
    expect([...seen.keys()].sort()).toEqual(allCalls.map((call) => call.id).sort());
    for (const [id, places] of seen) expect(places, id).toHaveLength(1);
    const inbox = allCalls.find((call) => call.tag === 'inbox');
    expect(inbox).toBeDefined();
    expect(seen.get(inbox?.id ?? '')?.[0]).toMatch(/ in inbox$/);
  });

  it('answers 404 for a domain the contract does not have', async () => {
    for (const name of ['nothing.json', 'inbox', 'inbox.yaml', '..%2Fopenapi.json']) {
      const reply = await t.get(`/api/docs/openapi/${name}`);
      expect(reply.status, name).toBe(404);
      expect(reply.body.code, name).toBe(404);
    }
  });

  it('serves the OpenAPI document of the whole API beside the page, for tools', async () => {
    const reply = await t.get('/api/docs/openapi.json');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^application\/json/);
    expect(reply.body.openapi).toBe('3.1.0');
    expect(reply.body.paths['/api/auth/logout'].post.operationId).toBe('auth.logout');
    const ids = Object.values(reply.body.paths as Record<string, Record<string, Operation>>).flatMap((methods) =>
      Object.values(methods).map((operation) => operation.operationId),
    );
    expect(ids.sort()).toEqual(allCalls.map((call) => call.id).sort());
    const compressed = await raw('/api/docs/openapi.json', { 'accept-encoding': 'br' });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(compressed.rawPayload).toString())).toEqual(reply.body);
  });
});

describe('preferredEncoding', () => {
  it('prefers br, then gzip, and honours q=0', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(preferredEncoding('deflate')).toBe('identity');
    expect(preferredEncoding(undefined)).toBe('identity');
  });
});
