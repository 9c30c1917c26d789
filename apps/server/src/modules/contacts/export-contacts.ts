import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { EXPORT_CAPPED_HEADER, EXPORT_TOTAL_HEADER, type Language } from '@ws/contract';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Scope } from '../../platform/auth/scope.js';
import { sheetTime } from '../../platform/db/sql-time.js';
import { literalValues } from '../../platform/db/sql-values.js';
import type { AppContext } from '../../platform/http/context.js';
import { AppError } from '../../platform/http/errors.js';
import { type FileReply, UTF8_BOM } from '../../platform/http/file-route.js';
import { type ContactSelection, contactWhere, countContacts } from './contact-query.js';

/** Exports count their rows exactly up to here (for the progress bar); past it the count is a lower bound. */
const EXPORT_COUNT_CAP = 1_000_000;
/** Each running export holds a database connection for its whole length; more are refused (429) meanwhile. */
const MAX_RUNNING_EXPORTS = 4;
let runningExports = 0;

/** A cell Excel would run as a formula (= + - @, tab, CR) gets a leading apostrophe. */
const cell = (expression: string) =>
  `case when left(${expression}, 1) in ('=', '+', '-', '@', chr(9), chr(13)) then '''' || ${expression} else ${expression} end`;

const COLUMNS: ReadonlyArray<{ sql: string; zh: string; en: string }> = [
  { sql: 'c.wa_id', zh: 'WhatsApp 号', en: 'WhatsApp ID' },
  { sql: cell('c.name'), zh: '名称', en: 'Name' },
  { sql: 'n.phone', zh: '所属号码', en: 'Number' },
  { sql: cell('u.username'), zh: '归属人', en: 'Owner' },
  { sql: 'c.consent', zh: '同意状态', en: 'Consent' },
  { sql: cell('c.opt_in_source'), zh: '同意来源', en: 'Opt-in source' },
  { sql: cell('c.opt_in_evidence'), zh: '同意凭证', en: 'Opt-in evidence' },
  { sql: sheetTime('c.opted_in_at'), zh: '同意时间 (UTC)', en: 'Opted in (UTC)' },
  { sql: sheetTime('c.opted_out_at'), zh: '退订时间 (UTC)', en: 'Opted out (UTC)' },
  { sql: 'c.opt_out_channel', zh: '退订渠道', en: 'Opt-out channel' },
  { sql: cell('tn.names'), zh: '标签', en: 'Tags' },
  { sql: sheetTime('c.last_inbound_at'), zh: '最后来信 (UTC)', en: 'Last inbound (UTC)' },
  { sql: sheetTime('c.last_message_at'), zh: '最后消息 (UTC)', en: 'Last message (UTC)' },
  { sql: sheetTime('c.created_at'), zh: '创建时间 (UTC)', en: 'Created (UTC)' },
  // A user who hides their phone is known by username and BSUID (wa_id empty).
  { sql: cell('c.username'), zh: '用户名', en: 'Username' },
  { sql: cell('c.user_id'), zh: '企业范围用户 ID', en: 'Business-scoped user ID' },
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

/**
 * The matching contacts as a CSV stream. PostgreSQL writes the CSV itself (COPY … TO STDOUT) and
 * the rows flow through to the client with back-pressure: the connection's socket pauses while
 * the client is slow, so memory stays flat however many rows there are. The export holds its
 * own pooled connection, released when the file is sent; when the client goes away the stream
 * is destroyed and the connection is closed rather than returned mid-COPY.
 */
export async function exportContacts(
  context: AppContext,
  scope: Scope,
  selection: ContactSelection,
  language: Language,
): Promise<FileReply> {
  if (runningExports >= MAX_RUNNING_EXPORTS) {
    throw new AppError(
      'throttled',
      {
        zh: '导出任务过多，请稍后再试',
        en: 'Too many exports are running, please try again shortly',
      },
      { retryAfterSeconds: 10 },
    );
  }
  runningExports += 1;
  let client: pg.PoolClient | undefined;
  try {
    client = await context.pool.connect();
    const expected = await countContacts(client, scope, selection, EXPORT_COUNT_CAP);
    const copy = client.query(copyTo(exportStatement(scope, selection, language)));
    const body = new PassThrough();
    body.write(UTF8_BOM);
    const connection = client;
    pipeline(copy, body)
      .then(
        () => connection.release(),
        (error: Error) => connection.release(error),
      )
      .finally(() => {
        runningExports -= 1;
      });
    return {
      fileName: `contacts-${new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')}.csv`,
      headers: { [EXPORT_TOTAL_HEADER]: String(expected.total), [EXPORT_CAPPED_HEADER]: String(expected.capped) },
      body,
    };
  } catch (error) {
    client?.release(error instanceof Error ? error : true);
    runningExports -= 1;
    throw error;
  }
}
