import type { ComponentType } from 'react';
import { settings } from '../settings/settings.js';

export type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

/** A page's code, which fails after 120 s instead of waiting forever (specification section 8). */
export function withChunkTimeout(load: PageLoader, timeoutMs: number = settings.chunkLoadTimeoutMs): PageLoader {
  return () =>
    new Promise<PageModule>((resolve, reject) => {
      const timer = setTimeout(() => reject(new ChunkLoadError(`page code took more than ${timeoutMs} ms`)), timeoutMs);
      load().then(
        (module) => {
          clearTimeout(timer);
          resolve(module);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(new ChunkLoadError(error instanceof Error ? error.message : String(error)));
        },
      );
    });
}
