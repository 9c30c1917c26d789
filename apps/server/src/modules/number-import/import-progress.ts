import { type ImportProgress, type Language, MAX_LISTED_IMPORT_PROBLEMS } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { findImport, listProblems } from './import-repository.js';
import { reasonIn, toSummary } from './import-summary.js';

/** An import of the caller's tenant with its skipped and failed rows; another tenant's id is not found. */
export async function importProgress(
  context: AppContext,
  caller: Scope,
  importId: string,
  language: Language,
): Promise<ImportProgress> {
  const found = await findImport(context.pool, caller.tenantId, importId);
  if (!found) throw errors.notFound({ zh: '导入任务', en: 'Import' });
  const problems =
    found.skipped + found.failed === 0
      ? []
      : await listProblems(context.pool, caller.tenantId, importId, MAX_LISTED_IMPORT_PROBLEMS);
  return {
    ...toSummary(found, language),
    problems: problems.map((problem) => ({
      row: problem.row_no,
      phone: problem.phone,
      phone_number_id: problem.phone_number_id,
      outcome: problem.outcome,
      field: problem.field,
      message: reasonIn(problem.message, language),
    })),
  };
}
