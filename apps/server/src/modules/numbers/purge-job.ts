import { z } from 'zod';
import { defineJob } from '../../platform/queue/jobs.js';
import { purgeExpiredChunk } from './purge-numbers.js';

/** Daily: numbers that have been in the recycle bin for 30 days are deleted for good, chunk by chunk. */
export const purgeRecycledNumbersJob = defineJob({
  name: 'numbers_purge_recycled',
  payload: z.object({}).passthrough(),
  maxAttempts: 3,
  cron: '41 3 * * *',
  async handle(_payload, _helpers, context) {
    let purged = 0;
    for (let chunk = await purgeExpiredChunk(context.pool); chunk > 0; chunk = await purgeExpiredChunk(context.pool)) {
      purged += chunk;
    }
    if (purged > 0) context.logger.info({ purged }, 'recycled numbers purged');
  },
});
