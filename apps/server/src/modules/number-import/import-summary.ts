import type { ImportSummary, Language } from '@ws/contract';
import { isoTimeOf } from '../../platform/db/sql-time.js';
import type { ImportRecord } from './import-repository.js';

export function toSummary(record: ImportRecord, language: Language): ImportSummary {
  return {
    import_id: record.id,
    file_name: record.file_name,
    target: record.target,
    status: record.status,
    total_rows: record.total_rows,
    processed_rows: record.processed_rows,
    imported: record.imported,
    skipped: record.skipped,
    failed: record.failed,
    error: record.error && reasonIn(record.error, language),
    username: record.username,
    created_at: isoTimeOf(record.created_at),
    finished_at: record.finished_at && isoTimeOf(record.finished_at),
  };
}

/** A stored reason (`{zh, en}` as JSON text) in the caller's language. */
export function reasonIn(stored: string | null, language: Language): string {
  if (!stored) return '';
  try {
    const parsed = JSON.parse(stored) as Partial<Record<Language, string>>;
    return parsed[language] ?? parsed.en ?? stored;
  } catch {
    return stored;
  }
}
