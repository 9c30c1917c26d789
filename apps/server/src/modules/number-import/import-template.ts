import { IMPORT_COLUMNS, IMPORT_CONTENT_TYPES } from '@ws/contract';
import type { FileReply } from '../../platform/http/file-route.js';
import { UTF8_BOM } from '../../platform/http/file-route.js';
import { loadXlsxWriter } from '../../platform/lazy-libraries.js';

/** Rows of the XLSX template formatted as text, so ids typed there keep every digit. */
const TEXT_ROWS = 1_000;
const COLUMN_WIDTHS = [18, 20, 20, 48, 24, 24];

let xlsxTemplate: Promise<Buffer> | undefined;

/** The header row alone: an example row would be imported by whoever forgot to delete it. */
export async function importTemplate(format: 'csv' | 'xlsx'): Promise<FileReply> {
  if (format === 'csv') {
    // The BOM makes Excel open the file as UTF-8.
    return { fileName: 'number-import-template.csv', body: `${UTF8_BOM}${IMPORT_COLUMNS.join(',')}\r\n` };
  }
  xlsxTemplate ??= buildXlsxTemplate();
  return {
    fileName: 'number-import-template.xlsx',
    headers: { 'content-type': IMPORT_CONTENT_TYPES.xlsx },
    body: await xlsxTemplate,
  };
}

async function buildXlsxTemplate(): Promise<Buffer> {
  const writeXlsxFile = await loadXlsxWriter();
  const header = IMPORT_COLUMNS.map((column) => ({ value: column, fontWeight: 'bold' as const }));
  const textRow = () => IMPORT_COLUMNS.map(() => ({ type: String, format: '@' }));
  const rows = [header, ...Array.from({ length: TEXT_ROWS }, textRow)];
  return writeXlsxFile(rows, {
    sheet: 'numbers',
    columns: COLUMN_WIDTHS.map((width) => ({ width })),
    stickyRowsCount: 1,
  }).toBuffer();
}
