import { type ImportStarted, type ImportTarget, type Language, MAX_LISTED_IMPORT_ERRORS } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { withTransaction } from '../../platform/db/pool.js';
import type { AppContext } from '../../platform/http/context.js';
import { enqueue } from '../../platform/queue/jobs.js';
import { checkTarget } from '../../whatsapp/numbers/cloud-api-target.js';
import { numberImportJob } from './import-job.js';
import { insertImport, insertImportRows } from './import-repository.js';
import { type CheckedRows, checkImportRows } from './import-rows.js';
import { readImportTable } from './import-table.js';
import type { ImportUpload } from './read-upload.js';

/**
 * Reads and checks the whole file at once. The valid rows are stored (tokens sealed) with the
 * import and its job in one transaction; the reply lists the rows that were refused. When no row
 * is valid nothing is stored and no job runs: the reply's errors say what to fix.
 */
export async function startImport(
  context: AppContext,
  caller: Scope,
  upload: ImportUpload,
  language: Language,
): Promise<ImportStarted> {
  checkTarget(context, upload.target);
  return queueImport(context, caller, upload, checkImportRows(await readImportTable(upload.content), language));
}

/**
 * Stores checked rows as an import with its job (the file's, or rows made another way such as
 * sandbox numbers), and answers with the counts and the refused rows.
 */
export async function queueImport(
  context: AppContext,
  caller: Scope,
  source: { fileName: string; target: ImportTarget },
  checked: CheckedRows,
): Promise<ImportStarted> {
  const reply = {
    total_rows: checked.total,
    valid_rows: checked.valid.length,
    error_count: checked.errors.length,
    errors: checked.errors.slice(0, MAX_LISTED_IMPORT_ERRORS),
  };
  if (checked.valid.length === 0) return { import_id: null, ...reply };
  const cipher = context.whatsapp.tokenCipher;
  const importId = await withTransaction(context.pool, async (client) => {
    const id = await insertImport(client, caller.tenantId, {
      userId: caller.userId,
      fileName: source.fileName,
      target: source.target,
      totalRows: checked.valid.length,
    });
    await insertImportRows(
      client,
      caller.tenantId,
      id,
      checked.valid.map((row) => ({ ...row, sealedToken: cipher.encrypt(row.token) })),
    );
    await enqueue(client, numberImportJob, { tenantId: caller.tenantId, importId: id });
    return id;
  });
  return { import_id: importId, ...reply };
}
