import type { Language } from '@ws/contract';
import pg from 'pg';
import { type CopyToStreamQuery, to as copyTo } from 'pg-copy-streams';
import type { Scope } from '../../platform/auth/scope.js';
import { sheetTextSql } from '../../platform/db/sheet-text.js';
import { sheetTime } from '../../platform/db/sql-time.js';
import { literalValues } from '../../platform/db/sql-values.js';
import { type ContactSelection, contactWhere } from './contact-query.js';

const COLUMNS: ReadonlyArray<{ sql: string; zh: string; en: string }> = [
  { sql: 'c.wa_id', zh: 'WhatsApp 号', en: 'WhatsApp ID' },
  { sql: sheetTextSql('c.name'), zh: '名称', en: 'Name' },
  { sql: 'n.phone', zh: '所属号码', en: 'Number' },
  { sql: sheetTextSql('u.username'), zh: '归属人', en: 'Owner' },
  { sql: 'c.consent', zh: '同意状态', en: 'Consent' },
  { sql: sheetTextSql('c.opt_in_source'), zh: '同意来源', en: 'Opt-in source' },
  { sql: sheetTextSql('c.opt_in_evidence'), zh: '同意凭证', en: 'Opt-in evidence' },
  { sql: sheetTime('c.opted_in_at'), zh: '同意时间 (UTC)', en: 'Opted in (UTC)' },
  { sql: sheetTime('c.opted_out_at'), zh: '退订时间 (UTC)', en: 'Opted out (UTC)' },
  { sql: 'c.opt_out_channel', zh: '退订渠道', en: 'Opt-out channel' },
  { sql: sheetTextSql('tn.names'), zh: '标签', en: 'Tags' },
  { sql: sheetTime('c.last_inbound_at'), zh: '最后来信 (UTC)', en: 'Last inbound (UTC)' },
  { sql: sheetTime('c.last_message_at'), zh: '最后消息 (UTC)', en: 'Last message (UTC)' },
  { sql: sheetTime('c.created_at'), zh: '创建时间 (UTC)', en: 'Created (UTC)' },
  // A user who hides their phone is known by username and BSUID (wa_id empty).
  { sql: sheetTextSql('c.username'), zh: '用户名', en: 'Username' },
  { sql: sheetTextSql('c.user_id'), zh: '企业范围用户 ID', en: 'Business-scoped user ID' },
];

/**
 * The COPY statement of the export: COPY takes no parameters, so values are escaped literals.
 * Rows come in the order the scan finds them, not sorted: a sort of a million rows held back every
 * row until the scan was over (and spilled to disk), so the first rows now leave at once. The tag
 * names are a column of contact_tag_names (migration 0013), kept by triggers: looking them up per
 * row cost more than the rest of the row.
 */
function exportStatement(scope: Scope, selection: ContactSelection, language: Language): string {
  const columns = COLUMNS.map((column) => `${column.sql} as ${pg.escapeIdentifier(column[language])}`);
  return `copy (
    select ${columns.join(', ')}
      from contact c
      left join wa_number n on n.tenant_id = c.tenant_id and n.id = c.number_id
      left join app_user u on u.tenant_id = c.tenant_id and u.id = c.owner_user_id
      left join contact_tag_names tn on tn.tenant_id = c.tenant_id and tn.contact_id = c.id
     where ${contactWhere(scope, selection, literalValues)}
  ) to stdout with (format csv, header)`;
}

/** The live contacts in the scope that match the selection, as CSV that PostgreSQL writes (COPY … TO STDOUT). */
export function copyContactsCsv(
  client: pg.PoolClient,
  scope: Scope,
  selection: ContactSelection,
  language: Language,
): CopyToStreamQuery {
  return client.query(copyTo(exportStatement(scope, selection, language)));
}
