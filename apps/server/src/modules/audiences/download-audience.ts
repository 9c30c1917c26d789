import { createReadStream } from 'node:fs';
import path from 'node:path';
import { AUDIENCE_CONTENT_TYPES, type AudienceRow, type Language, type RowOutcome } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import type { FileReply } from '../../platform/http/file-route.js';
import { csvTable, fileStamp, type TableColumn, XLSX_MAX_ROWS, xlsxTable } from '../../platform/http/table-download.js';
import { countsOf } from './audience-counts.js';
import { selectAudienceList } from './audience-repository.js';
import { selectAudienceRowsAfter } from './audience-row-repository.js';
import { audiencesDir } from './read-audience-upload.js';

/** Rows read per query: a download walks the list in file order, a batch at a time, holding no connection. */
const BATCH_ROWS = 5_000;

const OUTCOMES: Record<RowOutcome, { zh: string; en: string }> = {
  new: { zh: '新号码', en: 'New' },
  contact: { zh: '已是联系人', en: 'Already a contact' },
  opted_out: { zh: '已退订', en: 'Opted out' },
  duplicate: { zh: '重复', en: 'Duplicate' },
  invalid: { zh: '无效', en: 'Invalid' },
};
const REASONS: Record<string, { zh: string; en: string }> = {
  empty: { zh: '号码为空', en: 'No number' },
  not_a_number: { zh: '不是号码', en: 'Not a number' },
  no_country: {
    zh: '无法确定国家（请带 + 国家码或设置默认国家）',
    en: 'Country unknown (add + and the country code, or set a default country)',
  },
  too_short: { zh: '号码过短', en: 'Too short' },
  too_long: { zh: '号码过长', en: 'Too long' },
  invalid_number: { zh: '不是有效号码', en: 'Not a valid number' },
  bad_opt_in_time: { zh: '同意时间无法识别', en: 'Opt-in time not readable' },
};

const HEADERS: TableColumn<AudienceRow>[] = [
  { zh: '行号', en: 'Row', value: (row) => row.row },
  { zh: '号码（原文）', en: 'Number as written', value: (row) => row.phone },
  { zh: 'E.164', en: 'E.164', value: (row) => row.e164 ?? '' },
  { zh: '国家', en: 'Country', value: (row) => row.country ?? '' },
  { zh: '类型', en: 'Type', value: (row) => row.type ?? '' },
  { zh: '名称', en: 'Name', value: (row) => row.name },
  { zh: '结果', en: 'Outcome', value: (row, language) => OUTCOMES[row.outcome][language] },
  {
    zh: '原因',
    en: 'Reason',
    value: (row, language) => (row.reason ? (REASONS[row.reason]?.[language] ?? row.reason) : ''),
  },
  { zh: '同意时间 (UTC)', en: 'Opted in (UTC)', value: (row) => row.opted_in_at ?? '' },
  { zh: '语言', en: 'Language', value: (row) => row.language ?? '' },
  { zh: '标签', en: 'Tags', value: (row) => row.tags.join('|') },
  {
    zh: '自定义字段',
    en: 'Custom fields',
    value: (row) => (Object.keys(row.fields).length ? JSON.stringify(row.fields) : ''),
  },
];

/**
 * `data/down`: a list's rows with what the check found, in file order, as CSV (UTF-8 with BOM) or
 * XLSX, streamed in batches: memory stays flat and no connection is held while the client reads.
 */
export async function downloadAudience(
  context: AppContext,
  scope: Scope,
  request: { id: string; format: 'csv' | 'xlsx'; outcome?: RowOutcome | null | undefined },
  language: Language,
): Promise<FileReply> {
  const list = await selectAudienceList(context.pool, scope, request.id);
  if (!list) throw errors.notFound({ zh: 'id: 名单', en: 'id: List' });
  const counts = countsOf(list.counts);
  const expected = request.outcome ? counts[request.outcome] : counts.rows;
  if (request.format === 'xlsx' && expected >= XLSX_MAX_ROWS) {
    throw errors.invalid(
      'format',
      'XLSX 最多 1,048,575 行，请下载 CSV',
      'XLSX holds at most 1,048,575 rows; download CSV',
    );
  }
  const filter = { outcome: request.outcome };
  const listId = list.id;
  async function* rows() {
    let after = 0;
    for (;;) {
      const batch = await selectAudienceRowsAfter(context.pool, scope, listId, filter, after, BATCH_ROWS);
      yield batch;
      if (batch.length < BATCH_ROWS) return;
      after = (batch.at(-1) as AudienceRow).row;
    }
  }
  const stamp = fileStamp();
  const base = { headers: { 'x-total-count': String(expected) } };
  if (request.format === 'csv') {
    return { ...base, fileName: `list-${list.id}-${stamp}.csv`, body: csvTable(rows(), HEADERS, language) };
  }
  return {
    fileName: `list-${list.id}-${stamp}.xlsx`,
    headers: { ...base.headers, 'content-type': AUDIENCE_CONTENT_TYPES.xlsx },
    body: xlsxTable(rows(), HEADERS, language, 'list'),
  };
}

/** `data/evidence`: the list's evidence file as it was uploaded, with its type. */
export async function downloadEvidence(context: AppContext, scope: Scope, id: string): Promise<FileReply> {
  const list = await selectAudienceList(context.pool, scope, id);
  if (!list?.evidence_file_name || !list.evidence_file_type) {
    throw errors.notFound({ zh: 'id: 同意凭证文件', en: 'id: Evidence file' });
  }
  const file = path.join(audiencesDir(context), `${list.file_path}.evidence`);
  return {
    fileName: list.evidence_file_name,
    headers: { 'content-type': list.evidence_file_type },
    body: createReadStream(file),
  };
}
