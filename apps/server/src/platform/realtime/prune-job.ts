import { z } from 'zod';
import { defineJob } from '../queue/jobs.js';
import { pruneEvents } from './event-repository.js';

/**
 * Deletes realtime events past REALTIME_RETENTION_HOURS, every ten minutes. A client whose last
 * event was pruned is told to refetch (`resync`) when it reconnects.
 */
export const realtimePruneJob = defineJob({
  name: 'realtime_prune',
  payload: z.unknown(),
  maxAttempts: 1,
  cron: '*/10 * * * *',
  async handle(_payload, _helpers, context) {
    const pruned = await pruneEvents(context.pool, context.config.REALTIME_RETENTION_HOURS * 3600);
    if (pruned > 0) context.logger.info({ pruned }, 'realtime events pruned');
  },
});
