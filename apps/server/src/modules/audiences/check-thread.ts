import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { AppContext } from '../../platform/http/context.js';
import { audienceFileKind } from './audience-repository.js';
import { checkList } from './check-list.js';

/** What the check's thread is given: where the database and the files are, and which run to do. */
export interface CheckThreadInput {
  databaseUrl: string;
  dataDir: string;
  logLevel: string;
  tenantId: string;
  listId: string;
  runNo: number;
}

/** The thread's entry as built. Vitest runs the TypeScript sources, which Node 20 cannot load in a thread. */
const THREAD_ENTRY = fileURLToPath(new URL('./check-thread-entry.js', import.meta.url));
const THREAD_BUILT = existsSync(THREAD_ENTRY);

/**
 * The thread's heap. A CSV check keeps two chunks of rows alive at a time (about 20 MB); what it
 * makes besides is garbage, which a heap left to grow keeps until it is hundreds of MB (the server's
 * RSS rose from 135 to 440 MiB during a check of a million rows). Bounded, the thread collects early
 * and the server's memory stays flat whatever the file's size (bench/README.md, "Audience lists").
 * An XLSX file keeps its text cells in one shared table that a reader must hold whole (a million
 * rows of names: over 100 MB), so its check gets room for that.
 */
const THREAD_LIMITS = {
  csv: { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16 },
  xlsx: { maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 16 },
};

/**
 * Checks a list in a thread of its own with a bounded heap (see checkList for the check itself),
 * so that a big file neither grows the server's memory nor holds its event loop. Where the thread
 * cannot run (the TypeScript sources under Vitest, a pool not made from a URL), the same check runs here.
 */
export async function checkListInThread(
  context: AppContext,
  tenantId: string,
  listId: string,
  runNo: number,
): Promise<void> {
  // The thread opens its own connections, from the address the server's pool was made with.
  const databaseUrl = context.pool.options.connectionString;
  if (!THREAD_BUILT || !databaseUrl) return checkList(context, tenantId, listId, runNo);
  const kind = await audienceFileKind(context.pool, tenantId, listId);
  if (kind === undefined) return;
  const input: CheckThreadInput = {
    databaseUrl,
    dataDir: context.config.dataDir,
    logLevel: context.config.LOG_LEVEL,
    tenantId,
    listId,
    runNo,
  };
  const thread = new Worker(THREAD_ENTRY, {
    workerData: input,
    resourceLimits: THREAD_LIMITS[kind === 'xlsx' ? 'xlsx' : 'csv'],
  });
  await new Promise<void>((resolve, reject) => {
    // An error thrown in the thread arrives here (then an exit with code 1); a clean end is exit 0.
    thread.once('error', reject);
    thread.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`audience check thread exited with ${code}`)),
    );
  });
}
