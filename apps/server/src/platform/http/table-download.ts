import { PassThrough, Readable } from 'node:stream';
import type { Language } from '@ws/contract';
import { loadExcelJs } from '../lazy-libraries.js';
import { csvField, sheetText } from './csv-field.js';
import { UTF8_BOM } from './file-route.js';

/** A column of a downloaded table: its heading in each language and its value for a row. */
export interface TableColumn<R> {
  zh: string;
  en: string;
  value: (row: R, language: Language) => string | number;
}

/** The most rows a worksheet holds, its header included. */
export const XLSX_MAX_ROWS = 1_048_576;

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** CSV (UTF-8 with BOM, CRLF) of batches of rows, as they are read. */
export function csvTable<R>(batches: AsyncIterable<R[]>, columns: readonly TableColumn<R>[], language: Language) {
  async function* lines() {
    yield `${UTF8_BOM}${columns.map((column) => csvField(column[language])).join(',')}\r\n`;
    for await (const batch of batches) {
      yield batch
        .map((row) => `${columns.map((column) => csvField(column.value(row, language))).join(',')}\r\n`)
        .join('');
    }
  }
  return Readable.from(lines());
}

/** An XLSX workbook of one sheet, streamed: a batch is read only once the client took the last one. */
export function xlsxTable<R>(
  batches: AsyncIterable<R[]>,
  columns: readonly TableColumn<R>[],
  language: Language,
  sheetName: string,
): PassThrough {
  const body = new PassThrough();
  (async () => {
    const ExcelJS = await loadExcelJs();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: body,
      useSharedStrings: false,
      useStyles: false,
    });
    const sheet = workbook.addWorksheet(sheetName);
    sheet.addRow(columns.map((column) => column[language])).commit();
    for await (const batch of batches) {
      for (const row of batch) sheet.addRow(columns.map((column) => sheetText(column.value(row, language)))).commit();
      // The writer buffers whatever it is given: a batch at a time, only as fast as the client reads.
      await drained(body);
      if (body.destroyed) return;
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: Error) => body.destroy(error));
  return body;
}

/** Resolves once the stream's reader has taken what it holds, or has gone. */
function drained(stream: PassThrough): Promise<void> {
  if (!stream.writableNeedDrain || stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

/** A file name's time stamp: `20260131-080000`. */
export const fileStamp = (): string => new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
