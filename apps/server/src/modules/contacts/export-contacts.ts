import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { EXPORT_CAPPED_HEADER, EXPORT_TOTAL_HEADER, type Language } from '@ws/contract';
import type pg from 'pg';
import type { Scope } from '../../platform/auth/scope.js';
import type { AppContext } from '../../platform/http/context.js';
import { AppError } from '../../platform/http/errors.js';
import { type FileReply, UTF8_BOM } from '../../platform/http/file-route.js';
import { copyContactsCsv } from './contact-export-repository.js';
import type { ContactSelection } from './contact-query.js';
import { countContacts } from './count-contacts.js';

/** Exports count their rows exactly up to here (for the progress bar); past it the count is a lower bound. */
const EXPORT_COUNT_CAP = 1_000_000;
/** Each running export holds a database connection for its whole length; more are refused (429) meanwhile. */
const MAX_RUNNING_EXPORTS = 4;
let runningExports = 0;

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
    const copy = copyContactsCsv(client, scope, selection, language);
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
