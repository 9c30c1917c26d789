import type { CensusRange, Language } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { AppContext } from '../../platform/http/context.js';
import { csvField } from '../../platform/http/csv-field.js';
import { type FileReply, UTF8_BOM } from '../../platform/http/file-route.js';
import { checkNumber, daysOf } from './census-data.js';
import { daySourceRows } from './census-repository.js';

const HEADERS: Record<Language, string[]> = {
  zh: ['日期', '来源', '新增粉丝', '退订'],
  en: ['Day', 'Source', 'New contacts', 'Opt-outs'],
};

/**
 * The range as CSV: for every day, one row per source seen in the range (zeros included), so the
 * file is a full days x sources grid. Small (366 days x a few sources), so built in memory.
 */
export async function censusCsv(
  context: AppContext,
  caller: Scope,
  range: CensusRange,
  language: Language,
): Promise<FileReply> {
  await checkNumber(context, caller, range.numberId);
  const rows = await daySourceRows(context.pool, caller.tenantId, range);
  const sources = [...new Set(rows.map((row) => row.source))].sort();
  const counts = new Map(rows.map((row) => [`${row.day}\n${row.source}`, row]));
  const lines = [HEADERS[language].join(',')];
  for (const day of daysOf(range.from, range.to)) {
    for (const source of sources) {
      const row = counts.get(`${day}\n${source}`);
      lines.push([day, source, row?.created ?? 0, row?.opted_out ?? 0].map(csvField).join(','));
    }
  }
  const suffix = range.numberId === undefined ? '' : `-number-${range.numberId}`;
  return {
    fileName: `contact-statistics-${range.from}-${range.to}${suffix}.csv`,
    body: `${UTF8_BOM}${lines.join('\r\n')}\r\n`,
  };
}
