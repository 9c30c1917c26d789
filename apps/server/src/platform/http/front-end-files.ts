import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Vite names every file under assets/ after its content: a changed file is a new URL. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** index.html names the current assets, so the browser must ask again (a 304 when unchanged). */
export const REVALIDATE_CACHE = 'no-cache';
/** Where the seat client (`apps/agent`, built with Vite's `base: '/client/'`) is served. */
export const AGENT_PREFIX = '/client/';

/** The built front ends the api role serves: the console at `/`, the seat client at `/client/`. */
export interface FrontEndDirs {
  consoleDir?: string | undefined;
  agentDir?: string | undefined;
}

/** Whether a front end's build is there to serve. */
export function hasBuild(dir: string | undefined): dir is string {
  return Boolean(dir && existsSync(path.join(dir, 'index.html')));
}

/** The built front ends that are there, each by its URL prefix (the seat client's first). */
export function builtFrontEnds(dirs: FrontEndDirs): { prefix: string; dir: string }[] {
  const built: { prefix: string; dir: string }[] = [];
  if (hasBuild(dirs.agentDir)) built.push({ prefix: AGENT_PREFIX, dir: dirs.agentDir });
  if (hasBuild(dirs.consoleDir)) built.push({ prefix: '/', dir: dirs.consoleDir });
  return built;
}

/**
 * Serves the built front ends: the .br or .gz the build wrote beside each file when the browser
 * accepts it (no compression per request), hashed assets cached for a year, everything else
 * (index.html, which the page fallback also sends) revalidated on every load. The first one
 * registered gives replies `sendFile`, which the page fallback uses with each one's folder.
 */
export async function registerFrontEndFiles(app: FastifyInstance, dirs: FrontEndDirs): Promise<void> {
  const frontEnds = builtFrontEnds(dirs);
  for (const [index, { prefix, dir }] of frontEnds.entries()) {
    const assetsDir = path.join(dir, 'assets') + path.sep;
    await app.register(fastifyStatic, {
      root: dir,
      prefix,
      wildcard: false,
      preCompressed: true,
      cacheControl: false,
      decorateReply: index === 0,
      setHeaders(reply, filePath) {
        reply.header('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE_CACHE : REVALIDATE_CACHE);
      },
    });
  }
}

/**
 * The index.html a browser navigation to `path` gets, so the app's router shows the page: the
 * seat client's under `/client/`, the console's elsewhere; undefined when that one is not built.
 */
export function pageFallbackDir(dirs: FrontEndDirs, path: string): string | undefined {
  const frontEnd = builtFrontEnds(dirs).find(({ prefix }) => path.startsWith(prefix) || `${path}/` === prefix);
  return frontEnd?.dir;
}
