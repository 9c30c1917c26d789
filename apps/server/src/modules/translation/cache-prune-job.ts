import { z } from 'zod';
import { defineJob } from '../../platform/queue/jobs.js';
import { pruneCachedTranslations } from './translation-repository.js';

/** Rows deleted per statement, and the most statements one run makes (the next run goes on). */
const CHUNK = 5000;
const MAX_CHUNKS = 200;

/**
 * Keeps the translation cache bounded: every night, translations older than TRANSLATION_CACHE_DAYS
 * are deleted in chunks, each its own short statement, so the table never grows past what the
 * tenants translated in that window.
 */
export const translationCachePruneJob = defineJob({
  name: 'translation_cache_prune',
  payload: z.unknown(),
  maxAttempts: 1,
  cron: '23 3 * * *',
  async handle(_payload, _helpers, context) {
    let pruned = 0;
    for (let chunk = 0; chunk < MAX_CHUNKS; chunk += 1) {
      const deleted = await pruneCachedTranslations(context.pool, context.config.TRANSLATION_CACHE_DAYS, CHUNK);
      pruned += deleted;
      if (deleted < CHUNK) break;
    }
    if (pruned > 0) context.logger.info({ pruned }, 'translation cache pruned');
  },
});
