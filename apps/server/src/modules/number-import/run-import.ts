import { withTransaction } from '../../platform/db/pool.js';
import type { AppContext } from '../../platform/http/context.js';
import { mapBounded } from '../../platform/map-bounded.js';
import { targetConnection } from '../../whatsapp/numbers/cloud-api-target.js';
import { connectRow, failedRow } from './connect-row.js';
import { endImport, publishProgress } from './import-events.js';
import {
  findImport,
  lockRunningImport,
  pendingRows,
  type RowOutcome,
  recordOutcomes,
  stillPending,
} from './import-repository.js';
import { createRowVerifier, type Verification } from './verify-row.js';

/** Rows decided per transaction; the import's counters move with each chunk. */
const CHUNK = 10;
/** Cloud API checks in flight at once (each row has its own token, so its own rate). */
const PARALLEL_CHECKS = 5;

export class RowsDeferred extends Error {}

/**
 * Works through an import's undecided rows in file order, a chunk at a time: the Cloud API checks
 * run outside any transaction, then one transaction records the chunk's numbers and outcomes under
 * the import's lock, so a killed worker resumes with the rows it had not committed and never
 * imports one twice. Rows that met a rate limit or a passing failure stay undecided and make the
 * run end with RowsDeferred, so the job is tried again later; on the last attempt they fail.
 */
export async function runImport(
  context: AppContext,
  tenantId: string,
  importId: string,
  lastAttempt: boolean,
): Promise<void> {
  const { pool } = context;
  const found = await findImport(pool, tenantId, importId);
  if (!found || found.status === 'done' || found.status === 'failed') return;
  const connection = targetConnection(context, found.target);
  const verify = createRowVerifier(connection);
  const cipher = context.whatsapp.tokenCipher;
  let after = 0;
  let deferred = 0;
  for (;;) {
    const rows = await pendingRows(pool, tenantId, importId, after, CHUNK);
    const last = rows.at(-1);
    if (!last) break;
    after = last.rowNo;
    const opened = rows.map((row) => ({ ...row, token: cipher.decrypt(row.sealedToken) }));
    const checks = await mapBounded(opened, PARALLEL_CHECKS, verify);
    const running = await withTransaction(pool, async (client) => {
      if (!(await lockRunningImport(client, tenantId, importId))) return false;
      const open = await stillPending(
        client,
        tenantId,
        importId,
        rows.map((row) => row.rowNo),
      );
      const outcomes: RowOutcome[] = [];
      for (const [index, row] of opened.entries()) {
        const check = checks[index] as Verification;
        if (!open.has(row.rowNo)) continue;
        if (check.ok) {
          outcomes.push(await connectRow(client, cipher, tenantId, connection, { ...row, info: check.info }));
        } else if (check.retryable && !lastAttempt) {
          deferred += 1;
        } else {
          outcomes.push(failedRow(row.rowNo, check.field, check.message));
        }
      }
      await publishProgress(client, tenantId, await recordOutcomes(client, tenantId, importId, outcomes));
      return true;
    });
    if (!running) return;
  }
  if (deferred > 0) throw new RowsDeferred(`${deferred} rows met a passing Cloud API failure and are tried again`);
  await endImport(pool, tenantId, importId, null);
}
