import path from 'node:path';
import { setImmediate } from 'node:timers/promises';
import { type AudienceCounts, MAX_AUDIENCE_ROWS } from '@ws/contract';
import type { Config } from '../../platform/config.js';
import { type Pool, withTransaction } from '../../platform/db/pool.js';
import {
  type ContactState,
  contactStates,
  copyAudienceRows,
  deleteAudienceRows,
  repeatedWaIds,
  type StoredRow,
  saveCheckChunk,
} from './audience-check-repository.js';
import { addRows, countsOf } from './audience-counts.js';
import { publishAudienceProgress } from './audience-events.js';
import { csvRows, type FileRow, xlsxRows } from './audience-file.js';
import { type AudienceListRow, lockAudienceRun, stopAudienceRun } from './audience-repository.js';
import { type CheckedRow, checkRow, columnIndexes } from './audience-row.js';
import { isKnownCountry } from './phone-check.js';
import { audiencesDir } from './read-audience-upload.js';

/** Rows checked between two turns of the event loop (see checkList). */
const YIELD_EVERY_ROWS = 500;

/** Rows per transaction: the cursor, the rows and the counts are saved together after each chunk. */
export const CHECK_CHUNK_ROWS = 20_000;

/** Why a check ended without a usable list; the console shows each in the user's language. */
export type CheckError = 'no_valid_rows' | 'too_many_rows' | 'unreadable_file';

/** How a check runs: its chunk size, and (for tests of a crash) what happens after each saved chunk. */
export interface CheckOptions {
  chunkRows?: number;
  afterChunk?: () => void | Promise<void>;
}

/** What a check needs of the product: the database and where the files are (a thread has no more). */
export interface CheckContext {
  pool: Pool;
  config: Pick<Config, 'dataDir'>;
}

/**
 * Checks a list's file, a chunk of rows per transaction: each row's number (E.164, type), then the
 * chunk against the list's earlier rows and the tenant's contacts, stored with COPY together with
 * the cursor (where the next chunk starts in the file) and the list's counts. A worker killed
 * mid-file resumes after the last saved chunk and stores no row twice; a newer run of the same list
 * (a re-check, a deletion) makes this one stop at its next chunk.
 */
export async function checkList(
  context: CheckContext,
  tenantId: string,
  listId: string,
  runNo: number,
  { chunkRows = CHECK_CHUNK_ROWS, afterChunk }: CheckOptions = {},
): Promise<void> {
  const list = await withTransaction(context.pool, async (client) => {
    const found = await lockAudienceRun(client, tenantId, listId, runNo);
    if (found?.status !== 'queued') return found;
    // The first chunk of a (re)check: the rows of an earlier run go in the same transaction.
    await deleteAudienceRows(client, tenantId, listId);
    await saveCheckChunk(client, tenantId, listId, {
      readBytes: 0,
      readRows: 0,
      counts: countsOf({}),
      done: false,
      error: null,
    });
    return { ...found, status: 'running' as const };
  });
  if (list?.status !== 'running' || !list.mapping) return;
  const columns = columnIndexes(list.mapping, list.columns);
  const country = list.default_country && isKnownCountry(list.default_country) ? list.default_country : undefined;
  const file = path.join(audiencesDir(context), list.file_path);
  const headerRows = list.has_header ? 1 : 0;
  const source: AsyncGenerator<FileRow> =
    list.file_kind === 'xlsx'
      ? xlsxRows(file, headerRows + list.read_rows)
      : csvRows(file, list.csv_separator, list.read_bytes, list.has_header);
  let cursor = { readBytes: list.read_bytes, readRows: list.read_rows };
  let chunk: CheckedRow[] = [];
  // A chunk is saved while the next one is read and checked: the database and the row checks each
  // use a core. Only one save is in flight, and each waits for the one before.
  let saving: Promise<boolean> | undefined;
  const saved = async () => {
    const ok = saving ? await saving : true;
    if (saving && ok) await afterChunk?.();
    saving = undefined;
    return ok;
  };
  for await (const row of source) {
    if (cursor.readRows >= MAX_AUDIENCE_ROWS) {
      if (await saved())
        await stopAudienceRun(context.pool, tenantId, listId, runNo, { status: 'failed', error: 'too_many_rows' });
      return;
    }
    cursor = { readBytes: row.endByte, readRows: cursor.readRows + 1 };
    chunk.push(checkRow(row.rowNo ?? headerRows + cursor.readRows, row.cells, columns, country));
    // Rows come through promises, which never let the event loop run: without a turn now and then
    // the save in flight would hear back from PostgreSQL only at the next file read.
    if (cursor.readRows % YIELD_EVERY_ROWS === 0) await setImmediate();
    if (chunk.length === chunkRows) {
      if (!(await saved())) return;
      saving = saveChunk(context, tenantId, listId, runNo, chunk, cursor, false);
      // Awaited by the next saved(); until then a failure must not count as unhandled.
      saving.catch(() => undefined);
      chunk = [];
    }
  }
  if (await saved()) await saveChunk(context, tenantId, listId, runNo, chunk, cursor, true);
}

/** Compares a chunk with the list and the contacts and stores it with the cursor; false when the run is over. */
function saveChunk(
  context: CheckContext,
  tenantId: string,
  listId: string,
  runNo: number,
  chunk: CheckedRow[],
  cursor: { readBytes: number; readRows: number },
  done: boolean,
): Promise<boolean> {
  return withTransaction(context.pool, async (client) => {
    const list = await lockAudienceRun(client, tenantId, listId, runNo);
    if (list?.status !== 'running') return false;
    const numbers = [...new Set(chunk.flatMap((row) => (row.waId ? [row.waId] : [])))];
    const [repeats, states] =
      numbers.length > 0
        ? [await repeatedWaIds(client, tenantId, listId, numbers), await contactStates(client, tenantId, numbers)]
        : [new Set<string>(), new Map<string, ContactState>()];
    const stored = withOutcomes(chunk, repeats, states);
    await copyAudienceRows(client, tenantId, listId, stored);
    const counts = addRows(countsOf(list.counts), stored);
    const error = done && counts.valid === 0 ? 'no_valid_rows' : null;
    await saveCheckChunk(client, tenantId, listId, { ...cursor, counts, done, error });
    await publishAudienceProgress(client, tenantId, progressOf(list, cursor, counts, done, error));
    return true;
  });
}

/** Each row's outcome: invalid, a repeat of an earlier row, an opted-out or existing contact, or new. */
function withOutcomes(chunk: CheckedRow[], repeats: Set<string>, states: Map<string, ContactState>): StoredRow[] {
  const seen = new Set<string>();
  // The rows are given their outcome in place: a chunk is 20 000 rows, copying each would be garbage.
  return chunk.map((row) => {
    const stored = row as StoredRow;
    if (!row.waId) stored.outcome = 'invalid';
    else if (repeats.has(row.waId) || seen.has(row.waId)) stored.outcome = 'duplicate';
    else {
      seen.add(row.waId);
      const state = states.get(row.waId);
      stored.outcome = state?.optedOut ? 'opted_out' : state?.live ? 'contact' : 'new';
    }
    return stored;
  });
}

function progressOf(
  list: AudienceListRow,
  cursor: { readBytes: number },
  counts: AudienceCounts,
  done: boolean,
  error: string | null,
) {
  const status = done ? (error ? ('failed' as const) : ('ready' as const)) : ('running' as const);
  return { id: list.id, status, read_bytes: cursor.readBytes, rows: counts.rows, loaded_rows: 0 };
}
