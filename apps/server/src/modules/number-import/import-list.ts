import { type ImportSummary, type Language, type Page, type PageRequest, toPage } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { AppContext } from '../../platform/http/context.js';
import { listImports } from './import-repository.js';
import { toSummary } from './import-summary.js';

/** The caller's tenant's imports, newest first. */
export async function importList(
  context: AppContext,
  caller: Scope,
  request: PageRequest,
  language: Language,
): Promise<Page<ImportSummary>> {
  const offset = (request.page - 1) * request.pageSize;
  const { records, total } = await listImports(context.pool, caller.tenantId, request.pageSize, offset);
  return toPage(
    records.map((record) => toSummary(record, language)),
    total,
    request,
  );
}
