import { AppError, errors } from '../../platform/http/errors.js';
import { parseCsv } from './csv-reader.js';
import { readXlsx, SpreadsheetError } from './xlsx-reader.js';

/** An uploaded file as text cells; row 0 is the header. */
export interface ImportTable {
  rows: string[][];
  /** `row:column` of number cells longer than the 15 digits Excel keeps exactly. */
  lossy: Set<string>;
}

const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** Old binary Excel (.xls) and other OLE documents. */
const OLE_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

const fileError = (zh: string, en: string) => errors.invalid('file', zh, en);

/**
 * Reads an upload by its content, whatever its name says: a zip is an XLSX, text is CSV (UTF-8, or
 * GB18030 as Chinese Excel saves it). Anything else, an old .xls included, is refused by name.
 */
export async function readImportTable(content: Buffer): Promise<ImportTable> {
  if (content.length === 0) throw fileError('文件是空的', 'the file is empty');
  if (content.subarray(0, 4).equals(ZIP_SIGNATURE)) return readSpreadsheet(content);
  if (content.subarray(0, 8).equals(OLE_SIGNATURE)) {
    throw fileError(
      '不支持旧版 Excel（.xls）文件，请另存为 .xlsx 或 CSV',
      'old Excel (.xls) files are not supported; save it as .xlsx or CSV',
    );
  }
  const text = decodeText(content);
  if (text === undefined) throw fileError('只能上传 CSV 或 XLSX 文件', 'only CSV or XLSX files can be imported');
  return { rows: parseCsv(text), lossy: new Set() };
}

async function readSpreadsheet(content: Buffer): Promise<ImportTable> {
  try {
    return await readXlsx(content);
  } catch (error) {
    if (!(error instanceof SpreadsheetError)) throw error;
    if (error.reason === 'too-big') {
      throw new AppError('tooLarge', {
        zh: 'file: 表格解压后过大，请拆分后再导入',
        en: 'file: the spreadsheet is too large once unpacked; split it and import the parts',
      });
    }
    throw fileError('不是有效的 XLSX 文件', 'this is not a valid XLSX file');
  }
}

/** The file as text, or undefined when it is binary (control characters, or no valid encoding). */
function decodeText(content: Buffer): string | undefined {
  const body = content.subarray(0, 3).equals(UTF8_BOM) ? content.subarray(3) : content;
  // Text holds no control characters but tab and line ends; binary files almost always do. Both
  // encodings keep bytes below 0x20 for those characters alone, so the bytes can be checked.
  if (body.some((byte) => (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) || byte === 0x7f)) {
    return undefined;
  }
  for (const encoding of ['utf-8', 'gb18030']) {
    try {
      return new TextDecoder(encoding, { fatal: true }).decode(body);
    } catch {
      // not this encoding
    }
  }
  return undefined;
}
