import { JOB_STUCK_MINUTES } from '@ws/contract';
import type { Db } from '../../platform/db/pool.js';

/**
 * Restarts a tenant's jobs in graphile-worker (those whose payload's `tenantId` names it; the
 * public `jobs` view has no payload, so its table is read):
 * - failed: not locked, with an error (a retry waiting out its back-off, or attempts used up):
 *   run now with their attempts reset (graphile-worker's `reschedule_jobs`);
 * - stuck: locked by a worker for more than JOB_STUCK_MINUTES (graphile-worker itself waits four
 *   hours): the lock is cleared and they run now. Every job saves its cursor with its work and
 *   checks its run under a row lock, so a job that was in fact still running does nothing twice.
 */
export async function restartTenantJobs(db: Db, tenantId: string): Promise<{ failed: number; stuck: number }> {
  const stuck = await db.query(
    `update graphile_worker._private_jobs set locked_at = null, locked_by = null, run_at = now(), updated_at = now()
      where payload->>'tenantId' = $1 and locked_at < now() - make_interval(mins => $2)`,
    [tenantId, JOB_STUCK_MINUTES],
  );
  const failed = await db.query<{ n: number }>(
    `select count(*)::int as n from graphile_worker.reschedule_jobs(
       array(select j.id from graphile_worker._private_jobs j
              where j.payload->>'tenantId' = $1 and j.locked_at is null and j.last_error is not null),
       run_at => now(), attempts => 0)`,
    [tenantId],
  );
  return { failed: failed.rows[0]?.n ?? 0, stuck: stuck.rowCount ?? 0 };
}
