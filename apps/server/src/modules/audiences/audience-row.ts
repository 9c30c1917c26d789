import {
  type ColumnMapping,
  type InvalidReason,
  MAX_TAGS_PER_AUDIENCE_ROW,
  type PhoneType,
  TagName,
} from '@ws/contract';
import type { CountryCode } from 'libphonenumber-js/max';
import { errors } from '../../platform/http/errors.js';
import { checkPhone } from './phone-check.js';

/** TagName's longest name. */
const TAG_NAME_MAX = TagName.maxLength ?? 64;

/** A row of a list as the check read it, before it is compared with the list and the contacts. */
export interface CheckedRow {
  rowNo: number;
  phone: string;
  waId: string | null;
  country: string | null;
  type: PhoneType | null;
  reason: InvalidReason | null;
  name: string;
  optedInAt: string | null;
  language: string | null;
  tags: string[];
  fields: Record<string, string> | null;
}

/** The mapping as column positions of the file. */
export interface ColumnIndexes {
  phone: number;
  name?: number;
  optedInAt?: number;
  language?: number;
  tags?: number;
  fields: [string, number][];
}

/**
 * Turns a mapping by column name into positions; a name the file does not have is a 400 naming
 * the mapping's field and the columns there are.
 */
export function columnIndexes(mapping: ColumnMapping, columns: string[]): ColumnIndexes {
  const indexOf = (field: string, column: string) => {
    const index = columns.indexOf(column);
    if (index === -1) {
      const known = columns.slice(0, 20).join(', ');
      throw errors.invalid(
        `mapping.${field}`,
        `文件中没有“${column}”列（有：${known}）`,
        `the file has no column "${column}" (it has: ${known})`,
      );
    }
    return index;
  };
  const optional = (field: keyof Omit<ColumnMapping, 'phone' | 'fields'>) => {
    const column = mapping[field];
    return column ? indexOf(field, column) : undefined;
  };
  return {
    phone: indexOf('phone', mapping.phone),
    name: optional('name'),
    optedInAt: optional('optedInAt'),
    language: optional('language'),
    tags: optional('tags'),
    fields: Object.entries(mapping.fields).map(([key, column]) => [key, indexOf(`fields.${key}`, column)]),
  };
}

/** Header texts that name a column the mapping needs, for the guess a draft starts with. */
const GUESSES: [keyof Omit<ColumnMapping, 'fields'>, RegExp][] = [
  ['phone', /^(phone|mobile|cell|tel|telephone|whatsapp|wa|number|msisdn|手机|手机号|手机号码|电话|号码|联系电话)/i],
  ['name', /^(name|full ?name|customer|姓名|名字|名称|客户|客户名)/i],
  ['optedInAt', /^(opt.?in|consent|subscribed|同意|订阅|授权)/i],
  ['language', /^(lang|language|locale|语言)/i],
  ['tags', /^(tags?|labels?|标签)/i],
];

/** A mapping guessed from the header (for the mapping step), or null when no column looks like a phone. */
export function guessMapping(columns: string[], hasHeader: boolean): ColumnMapping | null {
  const mapping: ColumnMapping = { phone: '', fields: {} };
  if (hasHeader) {
    for (const [field, pattern] of GUESSES) {
      const column = columns.find((name) => pattern.test(name.trim()));
      if (column && !Object.values(mapping).includes(column)) mapping[field] = column;
    }
  } else if (columns.length > 0) {
    mapping.phone = columns[0] as string;
    if (columns.length > 1) mapping.name = columns[1] as string;
  }
  return mapping.phone ? mapping : null;
}

const LANGUAGE = /^[a-z]{2,3}([-_][a-z0-9]{2,8})?$/i;
const TAG_SEPARATORS = /[|,;，；]/;
const cell = (cells: string[], index: number | undefined) => (index === undefined ? '' : (cells[index]?.trim() ?? ''));

/** Reads one data row with the mapping: the phone check, and the other columns cleaned up. */
export function checkRow(
  rowNo: number,
  cells: string[],
  columns: ColumnIndexes,
  defaultCountry: CountryCode | undefined,
): CheckedRow {
  const phone = cell(cells, columns.phone).slice(0, 64);
  const verdict = checkPhone(phone, defaultCountry);
  const optedIn = optedInTime(cell(cells, columns.optedInAt));
  const language = cell(cells, columns.language);
  // A blank cell is no value: it fills nothing on the contact.
  const filled = columns.fields
    .map(([key, index]) => [key, cell(cells, index).slice(0, 1000)] as const)
    .filter(([, value]) => value !== '');
  const fields = filled.length ? Object.fromEntries(filled) : null;
  const reason = verdict.valid ? (optedIn === undefined ? 'bad_opt_in_time' : null) : verdict.reason;
  return {
    rowNo,
    phone,
    // Only a valid row's number is compared with the list and the contacts, or loaded.
    waId: verdict.valid && reason === null ? verdict.waId : null,
    country: verdict.valid ? verdict.country : null,
    type: verdict.valid ? verdict.type : null,
    reason,
    name: cell(cells, columns.name).slice(0, 100),
    optedInAt: optedIn ?? null,
    language: LANGUAGE.test(language) ? language.toLowerCase().replace('_', '-') : null,
    tags: tagNames(cell(cells, columns.tags)),
    fields,
  };
}

/** Opt-in times already read, by their text: a list's rows share few (often a date), and reading one costs more than the rest of the row. */
const readTimes = new Map<string, { ms: number; iso: string } | null>();
const READ_TIMES_KEPT = 10_000;

/** The opt-in time of a row: blank is null; a time that cannot be read, or in the future, is undefined. */
function optedInTime(text: string): string | null | undefined {
  if (text === '') return null;
  let time = readTimes.get(text);
  if (time === undefined) {
    if (readTimes.size === READ_TIMES_KEPT) readTimes.clear();
    time = readTime(text);
    readTimes.set(text, time);
  }
  return time === null || time.ms > Date.now() + 86_400_000 ? undefined : time.iso;
}

/** A time as people write it, or null when it cannot be read or is before 2000. */
function readTime(text: string): { ms: number; iso: string } | null {
  // A date alone is midnight UTC; `2025-01-31 08:00` is read as UTC too.
  const iso = /^\d{4}-\d{2}-\d{2}( |T|$)/.test(text) ? text.replace(' ', 'T') : text;
  const time = new Date(/T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(iso) ? `${iso}Z` : iso);
  return Number.isNaN(time.getTime()) || time.getFullYear() < 2000
    ? null
    : { ms: time.getTime(), iso: time.toISOString() };
}

function tagNames(text: string): string[] {
  if (text === '') return [];
  const names = new Set<string>();
  for (const part of text.split(TAG_SEPARATORS)) {
    // TagName's rule (1 to 64 characters, trimmed), without a schema parse per cell.
    const name = part.trim();
    if (name.length >= 1 && name.length <= TAG_NAME_MAX) names.add(name);
    if (names.size === MAX_TAGS_PER_AUDIENCE_ROW) break;
  }
  return [...names];
}
