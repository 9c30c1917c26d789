import type { Language, LedgerRecord, LedgerUnit, LedgerView, UsageRecord, UsageSummary } from '@ws/contract';
import { formatMicros, LEDGER_CONTENT_TYPES } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { Db } from '../../platform/db/pool.js';
import type { FileReply } from '../../platform/http/file-route.js';
import { csvTable, fileStamp, type TableColumn, xlsxTable } from '../../platform/http/table-download.js';
import { checkTenantFilter, SELECTIONS } from './wallet-commands.js';
import { type LedgerSelection, selectPostings, selectUsage, selectUsageTotals } from './wallet-repository.js';

const BATCH_ROWS = 5_000;
/**
 * Money in the unit people read (USD with 6 places), characters and invites as they are; a
 * signed amount is two columns, credit and debit, so no cell starts with a minus a spreadsheet
 * would take for a formula.
 */
const amountText = (unit: string, amount: number) =>
  unit === 'usd_micros' ? formatMicros(Math.abs(amount), 6) : String(Math.abs(amount));
const credit = (unit: string, amount: number) => (amount > 0 ? amountText(unit, amount) : '');
const debit = (unit: string, amount: number) => (amount < 0 ? amountText(unit, amount) : '');

const POSTING_COLUMNS: TableColumn<LedgerRecord>[] = [
  { zh: '时间 (UTC)', en: 'Time (UTC)', value: (row) => row.created_at },
  { zh: '客户', en: 'Tenant', value: (row) => row.tenant_id },
  { zh: '类型', en: 'Kind', value: (row) => row.kind },
  { zh: '入账', en: 'Credit', value: (row) => credit(row.unit, row.amount) },
  { zh: '扣费', en: 'Debit', value: (row) => debit(row.unit, row.amount) },
  { zh: '单位', en: 'Unit', value: (row) => row.unit },
  { zh: '数量', en: 'Quantity', value: (row) => row.quantity },
  { zh: '类别', en: 'Category', value: (row) => row.category ?? '' },
  { zh: '国家', en: 'Country', value: (row) => row.country ?? '' },
  { zh: '备注', en: 'Memo', value: (row) => row.memo },
];
const usageColumns = (unit: string): TableColumn<UsageRecord>[] => [
  { zh: '日期', en: 'Day', value: (row) => row.day },
  { zh: '客户', en: 'Tenant', value: (row) => row.tenant_id },
  { zh: '类型', en: 'Kind', value: (row) => row.kind },
  { zh: '类别', en: 'Category', value: (row) => row.category },
  { zh: '国家', en: 'Country', value: (row) => row.country },
  { zh: '号码 ID', en: 'Number id', value: (row) => row.number_id ?? '' },
  { zh: '笔数', en: 'Postings', value: (row) => row.transactions },
  { zh: '数量', en: 'Quantity', value: (row) => row.quantity },
  { zh: '入账', en: 'Credit', value: (row) => credit(unit, row.amount) },
  { zh: '扣费', en: 'Debit', value: (row) => debit(unit, row.amount) },
];

const VIEWS: Record<LedgerView, { selection: LedgerSelection; usage: boolean }> = {
  flowcharge: { selection: SELECTIONS.moneyTopUps, usage: false },
  flowuse: { selection: SELECTIONS.moneyUse, usage: true },
  transcharge: { selection: SELECTIONS.translationTopUps, usage: false },
  transuse: { selection: SELECTIONS.translationUse, usage: true },
  pulluse: { selection: SELECTIONS.inviteUse, usage: true },
  chargelist: { selection: SELECTIONS.moneyAll, usage: false },
};

/** `consume/down`: a wallet list as CSV or XLSX, read in batches. */
export async function downloadLedger(
  db: Db,
  scope: Scope,
  body: { view: LedgerView; format: 'csv' | 'xlsx'; filters: { from?: string; to?: string; tenantId?: string } },
  language: Language,
): Promise<FileReply> {
  await checkTenantFilter(db, scope, body.filters);
  const { selection, usage } = VIEWS[body.view];
  const request = { page: 1, pageSize: BATCH_ROWS, filters: body.filters };
  async function* batches<R>(read: (limit: number, offset: number) => Promise<R[]>) {
    for (let offset = 0; ; offset += BATCH_ROWS) {
      const rows = await read(BATCH_ROWS, offset);
      yield rows;
      if (rows.length < BATCH_ROWS) return;
    }
  }
  const name = `${body.view}-${fileStamp()}`;
  const table = <R>(rows: AsyncIterable<R[]>, columns: TableColumn<R>[]): FileReply =>
    body.format === 'csv'
      ? { fileName: `${name}.csv`, body: csvTable(rows, columns, language) }
      : {
          fileName: `${name}.xlsx`,
          headers: { 'content-type': LEDGER_CONTENT_TYPES.xlsx },
          body: xlsxTable(rows, columns, language, body.view),
        };
  if (usage) {
    return table(
      batches((limit, offset) => selectUsage(db, scope, request, selection, limit, offset)),
      usageColumns(selection.unit),
    );
  }
  return table(
    batches((limit, offset) => selectPostings(db, scope, request, selection, limit, offset)),
    POSTING_COLUMNS,
  );
}

/** The usage each unit's charts show. */
const USAGE_OF: Record<LedgerUnit, LedgerSelection> = {
  usd_micros: SELECTIONS.moneyUse,
  chars: SELECTIONS.translationUse,
  invites: SELECTIONS.inviteUse,
};

/** The charts' data: usage per day, category, country and number of the range. */
export async function usageSummary(
  db: Db,
  scope: Scope,
  body: { unit: LedgerUnit; filters: { from?: string; to?: string; tenantId?: string } },
): Promise<UsageSummary> {
  await checkTenantFilter(db, scope, body.filters);
  const selection = USAGE_OF[body.unit];
  const request = { page: 1, pageSize: 10, filters: body.filters };
  const [days, byCategory, byCountry, byNumber] = await Promise.all([
    selectUsageTotals(db, scope, request, selection, 'day'),
    selectUsageTotals(db, scope, request, selection, 'category'),
    selectUsageTotals(db, scope, request, selection, 'country'),
    selectUsageTotals(db, scope, request, selection, 'number_id'),
  ]);
  return {
    days: days.map((row) => ({ day: row.key, quantity: row.quantity, amount: row.amount })),
    by_category: byCategory,
    by_country: byCountry,
    by_number: byNumber,
  };
}
