import { createReadStream, createWriteStream, promises as fs } from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MAX_AUDIENCE_COLUMNS, PREVIEW_ROWS } from '@ws/contract';
import { parse } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import { errors } from '../../platform/http/errors.js';
import { loadExcelJs } from '../../platform/lazy-libraries.js';

/** What the first rows of a list's file say: its kind, CSV separator, columns and a preview. */
export interface FileShape {
  kind: 'csv' | 'xlsx';
  separator: string;
  columns: string[];
  preview: string[][];
}

/** A data row of the file: its cells as text; for CSV where the next row starts (bytes), for XLSX its row number. */
export interface FileRow {
  cells: string[];
  endByte: number;
  rowNo?: number;
}

const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);
/** How much of a CSV is read to find its encoding, separator, columns and preview. */
const SNIFF_BYTES = 256 * 1024;
const SEPARATORS = [',', ';', '\t', '|'];

const fileError = (zh: string, en: string) => errors.invalid('file', zh, en);

/**
 * Looks at the start of a stored list file: a zip is an XLSX, text is CSV (UTF-8; GB18030, as
 * Chinese Excel saves CSV, is rewritten as UTF-8 in place, streamed). Refuses what it cannot read
 * with a 400 naming the problem; an empty file or one without a data row included.
 */
export async function inspectAudienceFile(filePath: string, hasHeader: boolean): Promise<FileShape> {
  const head = await readHead(filePath);
  if (head.length === 0) throw fileError('文件是空的', 'the file is empty');
  if (head.subarray(0, 8).equals(OLE_SIGNATURE)) {
    throw fileError(
      '不支持旧版 Excel（.xls）文件，请另存为 .xlsx 或 CSV',
      'old Excel (.xls) files are not supported; save it as .xlsx or CSV',
    );
  }
  const shape = head.subarray(0, 4).equals(ZIP_SIGNATURE)
    ? await inspectXlsx(filePath, hasHeader)
    : await inspectCsv(filePath, head, hasHeader);
  if (shape.preview.length === 0) throw fileError('文件中没有数据行', 'the file has no data rows');
  if (shape.columns.length > MAX_AUDIENCE_COLUMNS) {
    throw fileError(
      `列数不能超过 ${MAX_AUDIENCE_COLUMNS}`,
      `the file may have at most ${MAX_AUDIENCE_COLUMNS} columns`,
    );
  }
  return shape;
}

async function readHead(filePath: string): Promise<Buffer> {
  const handle = await fs.open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

async function inspectCsv(filePath: string, head: Buffer, hasHeader: boolean): Promise<FileShape> {
  const body = head.subarray(0, 3).equals(UTF8_BOM) ? head.subarray(3) : head;
  // Text holds no control characters but tab and line ends; binary files almost always do.
  if (body.some((byte) => (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) || byte === 0x7f)) {
    throw fileError('只能上传 CSV 或 XLSX 文件', 'only CSV or XLSX files can be read');
  }
  let text = decode(body, 'utf-8');
  if (text === undefined) {
    text = decode(body, 'gb18030');
    if (text === undefined)
      throw fileError(
        '文件编码无法识别，请保存为 UTF-8 的 CSV',
        'the text encoding is unknown; save the file as UTF-8 CSV',
      );
    await rewriteAsUtf8(filePath);
  }
  // Only whole lines of the sample: the last one may be cut.
  const sample = head.length === SNIFF_BYTES ? text.slice(0, text.lastIndexOf('\n') + 1) : text;
  const separator = separatorOf(sample);
  let records: string[][];
  try {
    records = parseSync(sample, {
      delimiter: separator,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      bom: true,
      to: PREVIEW_ROWS + 1,
    }) as string[][];
  } catch {
    throw fileError('CSV 格式有误，无法读取', 'the CSV is malformed and cannot be read');
  }
  return { kind: 'csv', separator, ...columnsAndPreview(records.map(trimCells), hasHeader) };
}

function decode(bytes: Buffer, encoding: string): string | undefined {
  try {
    // stream: a multi-byte character cut at the sample's end is not an error.
    return new TextDecoder(encoding, { fatal: true }).decode(bytes, { stream: true });
  } catch {
    return undefined;
  }
}

/** Rewrites a GB18030 file as UTF-8, streamed, so every later read is UTF-8 with byte offsets of its own. */
async function rewriteAsUtf8(filePath: string): Promise<void> {
  const decoder = new TextDecoder('gb18030');
  const transcode = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      done(null, Buffer.from(decoder.decode(chunk, { stream: true })));
    },
    flush(done) {
      done(null, Buffer.from(decoder.decode()));
    },
  });
  const converted = `${filePath}.utf8`;
  await pipeline(createReadStream(filePath), transcode, createWriteStream(converted));
  await fs.rename(converted, filePath);
}

/**
 * The separator the first lines use most: Excel writes `;` where `,` is the decimal mark, pasted
 * lines often hold a tab. Several lines, because pasted numbers may have a name on some lines only.
 */
function separatorOf(sample: string): string {
  const lines = sample.split('\n', 10);
  let best = ',';
  let bestCount = 0;
  for (const separator of SEPARATORS) {
    const count = lines.reduce((sum, line) => sum + line.split(separator).length - 1, 0);
    if (count > bestCount) {
      best = separator;
      bestCount = count;
    }
  }
  return best;
}

async function inspectXlsx(filePath: string, hasHeader: boolean): Promise<FileShape> {
  const records: string[][] = [];
  try {
    for await (const row of xlsxRows(filePath, 0)) {
      records.push(row.cells);
      if (records.length > PREVIEW_ROWS) break;
    }
  } catch {
    throw fileError('不是有效的 XLSX 文件', 'this is not a valid XLSX file');
  }
  return { kind: 'xlsx', separator: ',', ...columnsAndPreview(records, hasHeader) };
}

function columnsAndPreview(records: string[][], hasHeader: boolean) {
  const width = Math.max(0, ...records.map((record) => record.length));
  const header = hasHeader ? (records[0] ?? []) : [];
  const columns = Array.from({ length: width }, (_, index) => header[index]?.trim() || String(index + 1));
  return { columns, preview: (hasHeader ? records.slice(1) : records).slice(0, PREVIEW_ROWS) };
}

const trimCells = (cells: string[]) => cells.map((cell) => cell.trim());

/**
 * The data rows of a CSV from a byte offset (0: the start, where a header row is skipped). Each row
 * says where the next one starts, so a check killed mid-file resumes at the row after its last
 * saved one. Streamed: memory stays flat whatever the file's size.
 */
export async function* csvRows(
  filePath: string,
  separator: string,
  startByte: number,
  skipHeader: boolean,
): AsyncGenerator<FileRow> {
  const parser = parse({
    delimiter: separator,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    bom: true,
    info: true,
  });
  const source = createReadStream(filePath, { start: startByte, highWaterMark: 256 * 1024 });
  source.on('error', (error) => parser.destroy(error));
  source.pipe(parser);
  let skip = skipHeader && startByte === 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { bytes: number } }>) {
      if (skip) {
        skip = false;
        continue;
      }
      // Cells are trimmed where they are read (`checkRow`), only the mapped ones.
      yield { cells: record, endByte: startByte + info.bytes };
    }
  } finally {
    source.destroy();
    parser.destroy();
  }
}

/**
 * The rows of an XLSX's first sheet as text cells, after the first `skipRows` of them (a resumed
 * check skips what it saved; XLSX cannot be entered in the middle).
 */
export async function* xlsxRows(filePath: string, skipRows: number): AsyncGenerator<FileRow> {
  const ExcelJS = await loadExcelJs();
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(filePath, {
    entries: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
  });
  let index = 0;
  for await (const sheet of reader) {
    for await (const row of sheet) {
      // Rows without a value are not emitted; their numbers say where they were.
      const values = row.values as unknown[];
      if (index >= skipRows) yield { cells: values.slice(1).map(cellText), endByte: 0, rowNo: row.number };
      index += 1;
    }
    break;
  }
}

/** An XLSX cell as text: numbers as their digits, dates as ISO times, rich text and formulas by their text. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(0) : String(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    const cell = value as { richText?: { text: string }[]; text?: unknown; result?: unknown; error?: unknown };
    if (cell.richText)
      return cell.richText
        .map((part) => part.text)
        .join('')
        .trim();
    if (cell.result !== undefined) return cellText(cell.result);
    if (cell.text !== undefined) return cellText(cell.text);
  }
  return String(value).trim();
}
