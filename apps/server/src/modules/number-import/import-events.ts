import type pg from 'pg';
import type { Pool } from '../../platform/db/pool.js';
import { withTransaction } from '../../platform/db/pool.js';
import { publishEvents } from '../../platform/realtime/publish.js';
import { finishImport, type ImportCounters } from './import-repository.js';

/** Tells the tenant's admins and operators where an import stands, in the transaction that moved it. */
export async function publishProgress(client: pg.PoolClient, tenantId: string, counters: ImportCounters | undefined) {
  if (!counters) return;
  await publishEvents(client, [
    { tenantId, roles: ['admin', 'operator'], event: { type: 'import.progress', data: counters } },
  ]);
}

/** Ends the import (done, or failed with the reason) and tells it, in one transaction. */
export function endImport(pool: Pool, tenantId: string, importId: string, error: string | null): Promise<void> {
  return withTransaction(pool, async (client) =>
    publishProgress(client, tenantId, await finishImport(client, tenantId, importId, error)),
  );
}
