import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Vite names every file under assets/ after its content: a changed file is a new URL. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** index.html names the current assets, so the browser must ask again (a 304 when unchanged). */
export const REVALIDATE_CACHE = 'no-cache';

/** Whether a built console is there to serve. */
export function hasConsoleBuild(consoleDir: string | undefined): consoleDir is string {
  return Boolean(consoleDir && existsSync(path.join(consoleDir, 'index.html')));
}

/**
 * Serves the built console: the .br or .gz the build wrote beside each file when the browser
 * accepts it (no compression per request), hashed assets cached for a year, everything else
 * (index.html, which the page fallback also sends) revalidated on every load.
 */
export async function registerConsoleFiles(app: FastifyInstance, consoleDir: string): Promise<void> {
  const assetsDir = path.join(consoleDir, 'assets') + path.sep;
  await app.register(fastifyStatic, {
    root: consoleDir,
    wildcard: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, filePath) {
      reply.header('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE_CACHE : REVALIDATE_CACHE);
    },
  });
}
