import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import { once } from '../../platform/once.js';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const require = createRequire(import.meta.url);

/** Where npm put swagger-ui-dist, and its version, which names the files' URLs so they can be cached for good. */
const distDir = path.dirname(require.resolve('swagger-ui-dist/package.json'));
export const RENDERER_VERSION: string = require('swagger-ui-dist/package.json').version;

/** The only files of the renderer the page needs; nothing else of the package is reachable. */
export const RENDERER_FILES: Readonly<Record<string, string>> = {
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
  'swagger-ui.css': 'text/css; charset=utf-8',
};

export type Encoding = 'br' | 'gzip' | 'identity';
export type Encoded = Record<Encoding, Buffer>;

/** The bytes as they are and compressed both ways, for the encoding each browser accepts. */
export async function encodeAll(identity: Buffer): Promise<Encoded> {
  const [br, gz] = await Promise.all([
    brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
    gzipAsync(identity, { level: 9 }),
  ]);
  return { identity, br, gzip: gz };
}

/**
 * The renderer's files in each encoding, read and compressed on first use and then kept: the
 * bundle is 1.7 MB as published, so sending it compressed matters, and compressing it once (a few
 * hundred ms, off the event loop) costs nothing at start-up for processes that never serve the docs.
 */
const rendererFiles = new Map(
  Object.keys(RENDERER_FILES).map((name) => [
    name,
    once(async () => encodeAll(await readFile(path.join(distDir, name)))),
  ]),
);

/** One of RENDERER_FILES in each encoding; undefined for any other name. */
export function rendererFile(name: string): Promise<Encoded> | undefined {
  return rendererFiles.get(name)?.();
}

/** br, else gzip, else none, after the request's Accept-Encoding (q-values honoured, q=0 refuses). */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  return negotiate(acceptEncoding ?? '', ['br', 'gzip'] as const) ?? 'identity';
}
