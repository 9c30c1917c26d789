import { z } from 'zod';
import { defineJob } from '../../platform/queue/jobs.js';
import { deleteSpentSignInState } from './session-repository.js';

/** Removes spent sign-in state: expired captchas, old failure counts, dead tokens and sessions. */
export const authHousekeepingJob = defineJob({
  name: 'auth_housekeeping',
  payload: z.unknown(),
  maxAttempts: 3,
  cron: '*/15 * * * *',
  async handle(_payload, _helpers, context) {
    await deleteSpentSignInState(context.pool);
  },
});
