import { z } from 'zod';
import { defineJob } from '../../platform/queue/jobs.js';
import { stopAudienceRun } from './audience-repository.js';
import { checkListInThread } from './check-thread.js';

/**
 * Checks a list (checkList), in a thread of its own (checkListInThread). A failed attempt is
 * retried from the last saved chunk; after the last one the list ends failed.
 */
export const audienceCheckJob = defineJob({
  name: 'audience_check',
  payload: z.object({ tenantId: z.string(), listId: z.string(), runNo: z.number().int() }),
  maxAttempts: 5,
  async handle({ tenantId, listId, runNo }, helpers, context) {
    try {
      await checkListInThread(context, tenantId, listId, runNo);
    } catch (error) {
      if (helpers.job.attempts >= helpers.job.max_attempts) {
        await stopAudienceRun(context.pool, tenantId, listId, runNo, { status: 'failed', error: 'unreadable_file' });
      }
      throw error;
    }
  },
});
