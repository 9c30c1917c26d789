import type { Language, OperationLogEntry, OperationLogFilter, OperationLogListRequest } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { Pool } from '../../platform/db/pool.js';
import { trigramsCoverUnicode } from '../../platform/db/text-search.js';
import { cappedPage } from '../../platform/http/capped-page.js';
import type { FileReply } from '../../platform/http/file-route.js';
import {
  csvTable,
  fileStamp,
  type TableColumn,
  XLSX_CONTENT_TYPE,
  xlsxTable,
} from '../../platform/http/table-download.js';
import {
  countEntries,
  type EntryFilter,
  selectEntries,
  selectEntriesAfter,
  targetText,
  tenantOfUsername,
} from './entry-repository.js';
import { searchOperationLog } from './search-operation-log.js';

/**
 * The filters as the queries take them. The platform admin filtering by a user's name without
 * naming a tenant: user names are unique across tenants, so the user's tenant narrows the query to
 * that tenant's index. A target text with the run the trigram index is asked for.
 */
async function resolved(db: Pool, scope: Scope, filter: OperationLogFilter): Promise<EntryFilter> {
  const target = filter.target ? targetText(filter.target, await trigramsCoverUnicode(db)) : undefined;
  if (!scope.acrossTenants || filter.tenantId || !filter.username) return { ...filter, target };
  return { ...filter, target, usernameTenant: await tenantOfUsername(db, filter.username) };
}

/** `operation/list`: a page of the log, newest first, counted up to the list cap; a text search in steps. */
export async function listOperationLog(db: Pool, scope: Scope, request: OperationLogListRequest) {
  const filter = await resolved(db, scope, request.filters);
  const { target } = filter;
  if (target) return searchOperationLog(db, scope, { ...filter, target }, request);
  return cappedPage(
    request,
    (cap) => countEntries(db, scope, filter, cap),
    (limit, offset) => selectEntries(db, scope, filter, limit, offset),
  );
}

const BATCH_ROWS = 5_000;

const COLUMNS: TableColumn<OperationLogEntry>[] = [
  { zh: '时间 (UTC)', en: 'Time (UTC)', value: (row) => row.created_at },
  { zh: '客户', en: 'Tenant', value: (row) => row.tenant_id },
  { zh: '用户', en: 'User', value: (row) => row.username ?? '' },
  { zh: '操作', en: 'Action', value: (row) => row.action },
  { zh: '对象', en: 'Target', value: (row) => row.target ?? '' },
  { zh: '地址', en: 'Address', value: (row) => row.address ?? '' },
  { zh: '请求 ID', en: 'Request id', value: (row) => row.request_id ?? '' },
];

/** `operation/down`: the filtered log as CSV or XLSX, newest first, read a batch at a time (keyset). */
export async function downloadOperationLog(
  db: Pool,
  scope: Scope,
  body: { format: 'csv' | 'xlsx'; filters: OperationLogFilter },
  language: Language,
): Promise<FileReply> {
  const filter = await resolved(db, scope, body.filters);
  async function* batches() {
    let last: OperationLogEntry | undefined;
    for (;;) {
      const batch = await selectEntriesAfter(db, scope, filter, last, BATCH_ROWS);
      yield batch;
      if (batch.length < BATCH_ROWS) return;
      last = batch.at(-1);
    }
  }
  const name = `operation-log-${fileStamp()}`;
  if (body.format === 'csv') return { fileName: `${name}.csv`, body: csvTable(batches(), COLUMNS, language) };
  return {
    fileName: `${name}.xlsx`,
    headers: { 'content-type': XLSX_CONTENT_TYPE },
    body: xlsxTable(batches(), COLUMNS, language, 'operation-log'),
  };
}
