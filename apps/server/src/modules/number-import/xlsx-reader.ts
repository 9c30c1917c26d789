import { inflateRawSync } from 'node:zlib';
import type { SheetData } from 'read-excel-file/node';
import { loadXlsxReader } from '../../platform/lazy-libraries.js';
import type { ImportTable } from './import-table.js';

/**
 * The most the parts of an XLSX may unpack to. A template of 10 000 rows with long tokens is
 * about 6 MB unpacked; a 5 MB zip of repeated cells can unpack to gigabytes.
 */
export const MAX_XLSX_UNPACKED_BYTES = 24 * 1024 * 1024;

/** Excel keeps 15 significant digits of a number; a longer id typed as a number is already changed. */
const EXACT_DIGITS = 15;

export class SpreadsheetError extends Error {
  constructor(readonly reason: 'not-xlsx' | 'too-big' | 'empty') {
    super(reason);
  }
}

/**
 * Reads the first sheet of an XLSX. Every cell becomes text: numbers as their digits (from the
 * file's own text, so nothing is rounded here), dates as ISO strings. A number cell longer than
 * Excel keeps is marked lossy, so the row can say that the column must be formatted as text.
 */
export async function readXlsx(content: Buffer): Promise<ImportTable> {
  checkUnpackedSize(content);
  const { readSheet } = await loadXlsxReader();
  let sheet: SheetData<NumberCell>;
  try {
    sheet = await readSheet(content, 1, { parseNumber: (text): NumberCell => ({ number: text }), trim: true });
  } catch {
    throw new SpreadsheetError('not-xlsx');
  }
  const lossy = new Set<string>();
  const rows = sheet.map((cells, rowIndex) =>
    cells.map((cell, column) => {
      if (cell === null || cell === undefined) return '';
      if (typeof cell === 'string') return cell;
      if (cell instanceof Date) return cell.toISOString();
      if (typeof cell === 'object' && 'number' in cell) {
        const digits = wholeNumber(cell.number);
        if (!digits) return cell.number;
        if (digits.replace(/^0+/, '').length > EXACT_DIGITS) lossy.add(`${rowIndex}:${column}`);
        return digits;
      }
      return String(cell);
    }),
  );
  return { rows, lossy };
}

/** A number cell as the file wrote it, e.g. `8613800138000` or `1.06540352242922E+14`. */
interface NumberCell {
  number: string;
}

/** A whole number's digits, from plain or exponent notation; undefined for a fraction. */
function wholeNumber(text: string): string | undefined {
  if (/^\d+$/.test(text)) return text;
  const match = /^(\d+)(?:\.(\d+))?[eE]\+?(\d+)$/.exec(text);
  if (!match) return undefined;
  const [, whole = '', fraction = '', exponent = '0'] = match;
  const shift = Number(exponent);
  // Ids and phone numbers have at most 20 digits; a larger exponent is no id and is kept as written.
  if (shift > 20) return undefined;
  if (fraction.replace(/0+$/, '').length > shift) return undefined;
  return (whole + fraction.padEnd(shift, '0').slice(0, shift)).replace(/^0+(?=\d)/, '');
}

/**
 * Inflates every entry of the zip with a ceiling on the total, before the reader sees the file: the
 * sizes a zip declares can lie, so the real output is what is counted. Refuses what is no zip.
 */
function checkUnpackedSize(content: Buffer): void {
  let budget = MAX_XLSX_UNPACKED_BYTES;
  for (const entry of zipEntries(content)) {
    if (entry.method === 0) {
      budget -= entry.data.length;
    } else if (entry.method === 8) {
      try {
        budget -= inflateRawSync(entry.data, { maxOutputLength: Math.max(budget, 1) }).length;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new SpreadsheetError('too-big');
        throw new SpreadsheetError('not-xlsx');
      }
    } else {
      throw new SpreadsheetError('not-xlsx');
    }
    if (budget < 0) throw new SpreadsheetError('too-big');
  }
}

interface ZipEntry {
  method: number;
  data: Buffer;
}

/** The entries of a zip from its central directory (no zip64: an XLSX under 5 MB never needs it). */
function zipEntries(zip: Buffer): ZipEntry[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0 || end + 22 > zip.length) throw new SpreadsheetError('not-xlsx');
  const count = zip.readUInt16LE(end + 10);
  let offset = zip.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let index = 0; index < count; index += 1) {
    if (offset + 46 > zip.length || zip.readUInt32LE(offset) !== 0x02014b50) throw new SpreadsheetError('not-xlsx');
    const method = zip.readUInt16LE(offset + 10);
    const compressedSize = zip.readUInt32LE(offset + 20);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    const local = zip.readUInt32LE(offset + 42);
    if (local + 30 > zip.length || zip.readUInt32LE(local) !== 0x04034b50) throw new SpreadsheetError('not-xlsx');
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    if (start + compressedSize > zip.length) throw new SpreadsheetError('not-xlsx');
    entries.push({ method, data: zip.subarray(start, start + compressedSize) });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  if (entries.length === 0) throw new SpreadsheetError('empty');
  return entries;
}
