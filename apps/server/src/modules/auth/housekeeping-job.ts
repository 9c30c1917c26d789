import { z } from 'zod';
import { defineJob } from '../../platform/queue/jobs.js';

/** Removes spent sign-in state: expired captchas, old failure counts, dead tokens and sessions. */
export const authHousekeepingJob = defineJob({
  name: 'auth_housekeeping',
  payload: z.unknown(),
  maxAttempts: 3,
  cron: '*/15 * * * *',
  async handle(_payload, _helpers, context) {
    await context.pool.query('delete from captcha where expires_at < now()');
    await context.pool.query(
      'delete from throttle_counter where window_started_at < now() - make_interval(secs => window_seconds)',
    );
    // Spent refresh tokens stay a day so that a replay is still recognised as reuse.
    await context.pool.query(`delete from refresh_token where expires_at < now() - interval '1 day'`);
    await context.pool.query(`delete from auth_session where revoked_at < now() - interval '30 days'`);
    await context.pool.query(
      `delete from auth_session s where not exists (select 1 from refresh_token t where t.tenant_id = s.tenant_id and t.session_id = s.id)
         and s.refreshed_at < now() - interval '1 day'`,
    );
  },
});
