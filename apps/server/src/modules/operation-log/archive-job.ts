import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { z } from 'zod';
import { withTransaction } from '../../platform/db/pool.js';
import type { AppContext } from '../../platform/http/context.js';
import { csvField } from '../../platform/http/csv-field.js';
import { defineJob } from '../../platform/queue/jobs.js';
import {
  type ArchivedEntry,
  lockRetention,
  markArchiveRun,
  saveArchiveChunk,
  selectArchiveChunk,
} from './retention-repository.js';

/** Entries archived per transaction (one file each). */
export const ARCHIVE_CHUNK_ROWS = 10_000;

const COLUMNS: readonly (keyof ArchivedEntry)[] = [
  'tenant_id',
  'id',
  'created_at',
  'user_id',
  'username',
  'action',
  'target',
  'address',
  'request_id',
];

/** Where the archive files go: `DATA_DIR/operation-log-archive/<YYYY-MM>/`. */
export const archiveDirectory = (context: AppContext) => path.join(context.config.dataDir, 'operation-log-archive');

/**
 * The chunk's file, named after its first entry: a chunk that is archived again after a crash (its
 * file written, its deletion never committed) starts at that same entry and overwrites the same
 * file, so no entry is ever in two files.
 */
function archiveFileOf(directory: string, first: ArchivedEntry): string {
  const stamp = first.created_at.replace(/[-:]/g, '').replace(/\..*$/, '');
  return path.join(directory, first.created_at.slice(0, 7), `oplog-${stamp}-${first.tenant_id}-${first.id}.csv.gz`);
}

/** Writes the chunk as gzip CSV (a header row, then each entry), atomically: a part file renamed. */
export async function writeArchiveFile(file: string, entries: readonly ArchivedEntry[]): Promise<void> {
  const lines = [COLUMNS.join(','), ...entries.map((entry) => COLUMNS.map((c) => csvField(entry[c] ?? '')).join(','))];
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(`${file}.part`, await promisify(gzip)(`${lines.join('\r\n')}\r\n`));
  await rename(`${file}.part`, file);
}

/**
 * Archives one chunk of entries past the retention: under the retention row's lock, the oldest
 * entries are written to their file, then deleted with the cursor and count saved, in one
 * transaction. False when nothing is left to archive.
 */
export function archiveChunk(
  context: AppContext,
  chunkRows = ARCHIVE_CHUNK_ROWS,
  write: typeof writeArchiveFile = writeArchiveFile,
): Promise<boolean> {
  return withTransaction(context.pool, async (client) => {
    const days = await lockRetention(client);
    const entries = await selectArchiveChunk(client, days, chunkRows);
    const first = entries[0];
    if (!first) {
      await markArchiveRun(client);
      return false;
    }
    const file = archiveFileOf(archiveDirectory(context), first);
    await write(file, entries);
    await saveArchiveChunk(client, entries, path.relative(context.config.dataDir, file));
    return entries.length === chunkRows;
  });
}

/** Daily: entries older than the retention the platform admin set are archived and deleted, chunk by chunk. */
export const operationLogArchiveJob = defineJob({
  name: 'operation_log_archive',
  payload: z.object({}).passthrough(),
  maxAttempts: 3,
  cron: '23 2 * * *',
  async handle(_payload, _helpers, context) {
    let chunks = 0;
    while (await archiveChunk(context)) chunks += 1;
    if (chunks > 0) context.logger.info({ chunks }, 'operation log archived');
  },
});
