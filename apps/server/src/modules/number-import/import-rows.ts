import {
  IMPORT_COLUMNS,
  type ImportColumn,
  type ImportRowError,
  type Language,
  MAX_IMPORT_ROWS,
  MAX_TAGS_PER_IMPORT_ROW,
} from '@ws/contract';
import { errors, type LocalizedText } from '../../platform/http/errors.js';
import type { ImportTable } from './import-table.js';

/** A row that passed every check, ready to be stored for the job. */
export interface ImportRow {
  /** The row's number in the file, header included, as a spreadsheet shows it. */
  rowNo: number;
  /** E.164 digits without the plus. */
  phone: string;
  phoneNumberId: string;
  wabaId: string;
  token: string;
  tags: string[];
  portfolio: string | null;
}

export interface CheckedRows {
  /** Data rows in the file (blank rows are not counted). */
  total: number;
  valid: ImportRow[];
  errors: ImportRowError[];
}

const REQUIRED: readonly ImportColumn[] = ['phone', 'phone_number_id', 'waba_id', 'token'];
const MAX_TAG_LENGTH = 64;
const MAX_PORTFOLIO_LENGTH = 128;
const META_ID = /^\d{1,20}$/;
const E164_DIGITS = /^[1-9]\d{7,14}$/;
const TOKEN = /^[^\s]{8,2048}$/;

type Messages = Record<string, LocalizedText>;
const text = (zh: string, en: string): LocalizedText => ({ zh, en });

const MESSAGES = {
  required: text('必填', 'is required'),
  phone: text('须为国际格式的手机号，如 +8613800138000', 'must be an international number, e.g. +8613800138000'),
  metaId: text('须为 WhatsApp Manager 中的数字 ID', 'must be the numeric id shown in WhatsApp Manager'),
  lossy: text(
    'Excel 把它存成了数字，只保留了 15 位：请把该列设为文本后重新填写',
    'Excel stored it as a number and kept only 15 digits: format the column as text and enter it again',
  ),
  token: text('须为不含空格的访问令牌', 'must be an access token without spaces'),
  tagLength: text(`每个标签最多 ${MAX_TAG_LENGTH} 个字符`, `each tag may have at most ${MAX_TAG_LENGTH} characters`),
  tagCount: text(`最多 ${MAX_TAGS_PER_IMPORT_ROW} 个标签`, `at most ${MAX_TAGS_PER_IMPORT_ROW} tags`),
  portfolio: text(`最多 ${MAX_PORTFOLIO_LENGTH} 个字符`, `at most ${MAX_PORTFOLIO_LENGTH} characters`),
} satisfies Messages;

const duplicateOf = (row: number) => text(`与第 ${row} 行重复`, `repeats row ${row}`);

/**
 * Checks every row of the file at once: the header names the columns (any order, any case), each
 * data row is checked field by field, and a phone or phone-number id that an earlier row already
 * has is a duplicate. A file that cannot be a number list at all (no header, no rows, too many
 * rows) is a 400 naming `file`.
 */
export function checkImportRows(table: ImportTable, language: Language): CheckedRows {
  const isBlank = (cells: string[]) => cells.every((cell) => cell.trim() === '');
  const headerIndex = table.rows.findIndex((cells) => !isBlank(cells));
  if (headerIndex < 0) throw errors.invalid('file', '文件是空的', 'the file is empty');
  const columns = columnsOf(table.rows[headerIndex] as string[]);
  const dataRows = table.rows.slice(headerIndex + 1).filter((cells) => !isBlank(cells)).length;
  if (dataRows === 0) throw errors.invalid('file', '表头下没有数据行', 'there are no rows under the header row');
  if (dataRows > MAX_IMPORT_ROWS) {
    throw errors.invalid(
      'file',
      `最多 ${MAX_IMPORT_ROWS} 行，请拆分文件`,
      `at most ${MAX_IMPORT_ROWS} rows: split the file`,
    );
  }

  const valid: ImportRow[] = [];
  const found: ImportRowError[] = [];
  const firstRowOf = { phone: new Map<string, number>(), phone_number_id: new Map<string, number>() };
  for (let index = headerIndex + 1; index < table.rows.length; index += 1) {
    const cells = table.rows[index] as string[];
    if (isBlank(cells)) continue;
    const rowNo = index + 1;
    const rowErrors: ImportRowError[] = [];
    const fail = (field: ImportColumn, message: LocalizedText) =>
      rowErrors.push({ row: rowNo, field, message: message[language] });
    const cell = (column: ImportColumn) => {
      const at = columns.get(column);
      return at === undefined ? '' : (cells[at] ?? '').trim();
    };
    const metaId = (column: 'phone_number_id' | 'waba_id') => {
      const value = cell(column);
      const at = columns.get(column);
      if (!value) fail(column, MESSAGES.required);
      else if (at !== undefined && table.lossy.has(`${index}:${at}`)) fail(column, MESSAGES.lossy);
      else if (!META_ID.test(value)) fail(column, MESSAGES.metaId);
      return value;
    };

    const phone = cell('phone')
      .replace(/[\s\-().]/g, '')
      .replace(/^\+/, '');
    if (!phone) fail('phone', MESSAGES.required);
    else if (!E164_DIGITS.test(phone)) fail('phone', MESSAGES.phone);
    const phoneNumberId = metaId('phone_number_id');
    const wabaId = metaId('waba_id');
    const token = cell('token');
    if (!token) fail('token', MESSAGES.required);
    else if (!TOKEN.test(token)) fail('token', MESSAGES.token);
    const tags = tagsOf(cell('tags'));
    if (tags.some((tag) => tag.length > MAX_TAG_LENGTH)) fail('tags', MESSAGES.tagLength);
    else if (tags.length > MAX_TAGS_PER_IMPORT_ROW) fail('tags', MESSAGES.tagCount);
    const portfolio = cell('portfolio');
    if (portfolio.length > MAX_PORTFOLIO_LENGTH) fail('portfolio', MESSAGES.portfolio);

    for (const [column, value] of [
      ['phone', phone],
      ['phone_number_id', phoneNumberId],
    ] as const) {
      if (rowErrors.some((error) => error.field === column)) continue;
      const earlier = firstRowOf[column].get(value);
      if (earlier === undefined) firstRowOf[column].set(value, rowNo);
      else fail(column, duplicateOf(earlier));
    }

    if (rowErrors.length > 0) found.push(...rowErrors);
    else valid.push({ rowNo, phone, phoneNumberId, wabaId, token, tags, portfolio: portfolio || null });
  }
  return { total: dataRows, valid, errors: found };
}

/** Where each known column is; the required ones must be there. */
function columnsOf(header: string[]): Map<ImportColumn, number> {
  const columns = new Map<ImportColumn, number>();
  header.forEach((title, at) => {
    const name = title
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_');
    const column = IMPORT_COLUMNS.find((known) => known === name);
    if (column && !columns.has(column)) columns.set(column, at);
  });
  const missing = REQUIRED.filter((column) => !columns.has(column));
  if (missing.length > 0) {
    const list = missing.join(', ');
    const expected = IMPORT_COLUMNS.join(', ');
    throw errors.invalid(
      'file',
      `表头缺少列：${list}（应为 ${expected}，请使用模板）`,
      `the header row lacks ${list} (expected ${expected}; use the template)`,
    );
  }
  return columns;
}

/** Tags separated by | or , (full-width too), each once whatever its case. */
function tagsOf(cell: string): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const part of cell.split(/[|,，｜]/)) {
    const tag = part.trim();
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags;
}
