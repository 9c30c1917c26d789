import { createHash } from 'node:crypto';

/**
 * The cache key of one translation: provider, source (or `auto`), target and text, hashed. The
 * provider is part of it, so a simulated answer is never served once a real provider is set.
 */
export function translationCacheKey(provider: string, source: string, target: string, text: string): Buffer {
  return createHash('sha256').update(`${provider}\u0000${source}\u0000${target}\u0000${text}`, 'utf8').digest();
}
