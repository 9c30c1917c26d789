import { z } from 'zod';
import { withTransaction } from '../../platform/db/pool.js';
import type { AppContext } from '../../platform/http/context.js';
import { defineJob } from '../../platform/queue/jobs.js';
import { exportCustomerData } from './customer-export.js';
import {
  deleteTenantRow,
  deleteTenantRows,
  failTenantJobs,
  lockTenantForDeletion,
  markTenantDeleting,
  selectTenantTables,
} from './tenant-data-repository.js';

/** Rows deleted per transaction. */
export const DELETE_CHUNK_ROWS = 5_000;

/**
 * Deletes a disabled customer once its grace period is over (queued by `auth/deletecus` to run
 * then): the export first when asked, then the tenant's rows of every table, a chunk per
 * transaction, then the tenant itself. The rows deleted are the cursor: a re-run (a retry, a
 * worker killed mid-way) goes on with what is left. Tables refer to each other, so a table whose
 * chunk a reference refuses is left for the next pass; passes repeat until one deletes nothing
 * (roll-up triggers may write a row back while their source rows go: the next pass takes it).
 * The wallet's append-only ledger stays (the money history); while it refers to the tenant, the
 * tenant row stays too, marked `deleted_at`. A tenant restored meanwhile (disabled_at cleared by
 * hand) or not yet due is left alone.
 */
export const customerDeleteJob = defineJob({
  name: 'customer_delete',
  payload: z.object({ tenantId: z.string() }),
  maxAttempts: 10,
  async handle({ tenantId }, _helpers, context) {
    await deleteCustomerData(context, tenantId);
  },
});

/** The work of the job; false when the tenant is not (or no longer) due for deletion. */
export async function deleteCustomerData(
  context: AppContext,
  tenantId: string,
  chunkRows = DELETE_CHUNK_ROWS,
): Promise<boolean> {
  const state = await lockTenantForDeletion(context.pool, tenantId);
  if (!state?.due) return false;
  if (!state.deleting) {
    const exportPath =
      state.export_requested && !state.export_path ? await exportCustomerData(context, tenantId) : null;
    await withTransaction(context.pool, async (client) => {
      await markTenantDeleting(client, tenantId, exportPath);
      await failTenantJobs(client, tenantId);
    });
  }
  const tables = await selectTenantTables(context.pool);
  for (let progress = true; progress; ) {
    progress = false;
    for (const table of tables) {
      try {
        while ((await deleteTenantRows(context.pool, table, tenantId, chunkRows)) > 0) progress = true;
      } catch (error) {
        // A row of another table still refers to these: the next pass deletes them after it.
        if ((error as { code?: string }).code !== '23503') throw error;
      }
    }
  }
  const outcome = await deleteTenantRow(context.pool, tenantId);
  context.logger.info({ tenantId, tenantRow: outcome }, 'customer deleted');
  return true;
}
