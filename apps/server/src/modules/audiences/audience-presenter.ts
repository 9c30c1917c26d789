import { type AudienceList, ConsentSource, type Language } from '@ws/contract';
import { countsOf } from './audience-counts.js';
import type { AudienceListRow } from './audience-repository.js';

/** Why a list's check or load stopped, in the caller's language. */
const ERRORS: Record<string, { zh: string; en: string }> = {
  no_valid_rows: { zh: '文件中没有有效号码', en: 'the file holds no valid number' },
  too_many_rows: { zh: '文件超过 10,000,000 行', en: 'the file has more than 10,000,000 rows' },
  unreadable_file: {
    zh: '文件读取失败，请检查后重新上传',
    en: 'the file could not be read; check it and upload it again',
  },
  too_many_tags: {
    zh: '文件中的新标签过多（联系人标签最多 5000 个）',
    en: 'the file names too many new tags (at most 5,000 contact tags)',
  },
  load_failed: { zh: '导入联系人失败，请重试', en: 'loading the contacts failed; try again' },
  contact_limit: {
    zh: '联系人数量已达上限，其余号码未导入，请联系平台管理员',
    en: 'the contact limit is reached; the remaining numbers were not loaded, ask the platform admin',
  },
};

export function errorText(error: string | null, language: Language): string | null {
  if (error === null) return null;
  return ERRORS[error]?.[language] ?? error;
}

/** A stored list in the contract's shape (the file's place on disk stays inside). */
export function presentAudienceList(row: AudienceListRow, language: Language): AudienceList {
  return {
    id: row.id,
    name: row.name,
    consent_source: ConsentSource.catch('other').parse(row.consent_source),
    evidence_text: row.evidence_text,
    evidence_url: row.evidence_url,
    evidence_file:
      row.evidence_file_name && row.evidence_file_type
        ? { name: row.evidence_file_name, type: row.evidence_file_type, size: row.evidence_file_size ?? 0 }
        : null,
    has_evidence: hasEvidence(row),
    default_country: row.default_country,
    file_name: row.file_name,
    file_kind: row.file_kind,
    file_size: row.file_size,
    has_header: row.has_header,
    columns: row.columns,
    preview: row.preview,
    mapping: row.mapping,
    status: row.status,
    error: errorText(row.error, language),
    read_bytes: row.read_bytes,
    counts: countsOf(row.counts),
    loaded_rows: row.loaded_rows,
    created_contacts: row.created_contacts,
    updated_contacts: row.updated_contacts,
    creator: row.created_by
      ? { id: row.created_by, username: row.creator_username ?? '', nickname: row.creator_nickname ?? '' }
      : null,
    created_at: row.created_at,
    checked_at: row.checked_at,
    loaded_at: row.loaded_at,
  };
}

/** Whether the list carries evidence of consent: a text, a URL or a file. */
export function hasEvidence(
  row: Pick<AudienceListRow, 'evidence_text' | 'evidence_url' | 'evidence_file_name'>,
): boolean {
  return Boolean(row.evidence_text || row.evidence_url || row.evidence_file_name);
}
