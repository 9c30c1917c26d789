import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ContactFilters } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { AppContext } from '../../platform/http/context.js';
import { UTF8_BOM } from '../../platform/http/file-route.js';
import { fileStamp } from '../../platform/http/table-download.js';
import { copyContactsCsv } from '../contacts/contact-export-repository.js';
import { copyTenantTable, TENANT_EXPORT_TABLES } from './tenant-export-repository.js';

/** Where the exports lie, under DATA_DIR: a folder `<tenant>-<time>` each. */
export const CUSTOMER_EXPORTS_DIR = 'customer-exports';
/** The suffix of an export's folder while it is written. */
const PARTIAL = '.partial';

/** The most an export may write (all files together): past it the export fails and nothing is deleted. */
export const EXPORT_MAX_BYTES = 20 * 1024 ** 3;

/**
 * An export a killed worker left half written (its deletion job retries with a new one): removed,
 * so only complete exports stay in the data directory. One deletion job runs per tenant (its key).
 */
async function removeUnfinishedExports(dataDir: string, tenantId: string): Promise<void> {
  const root = path.join(dataDir, CUSTOMER_EXPORTS_DIR);
  const names = await readdir(root).catch((error: { code?: string }) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  for (const name of names) {
    if (name.startsWith(`${tenantId}-`) && name.endsWith(PARTIAL)) {
      await rm(path.join(root, name), { recursive: true, force: true });
    }
  }
}

/** Counts what passes through, and fails the pipeline once the export's total passes its bound. */
function bounded(written: { bytes: number }, maxBytes: number): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      written.bytes += chunk.length;
      if (written.bytes > maxBytes) done(new Error(`the export passed its bound of ${maxBytes} bytes`));
      else done(null, chunk);
    },
  });
}

/**
 * The export a deletion makes first when asked (decision 0032): the tenant's data set as CSV files
 * (UTF-8 with BOM, headers) in `DATA_DIR/customer-exports/<tenant>-<time>/`: `contacts.csv` (the
 * contact export), `conversations.csv`, `messages.csv` (metadata, never content), `campaigns.csv`,
 * `campaign_recipients.csv` (each recipient's state) and `ledger.csv`. Each is written by
 * PostgreSQL's COPY and streamed to its file (backpressure keeps memory flat), all of them bounded
 * together by `maxBytes`; a failure removes the folder, so the deletion job fails and retries
 * rather than deleting data it did not export. Answers the folder, relative to DATA_DIR.
 */
export async function exportCustomerData(
  context: AppContext,
  tenantId: string,
  maxBytes = EXPORT_MAX_BYTES,
): Promise<string> {
  const folder = path.join(CUSTOMER_EXPORTS_DIR, `${tenantId}-${fileStamp()}`);
  // Written under another name and renamed when complete: `auth/exports` never offers a file still
  // being written.
  const absolute = path.join(context.config.dataDir, `${folder}${PARTIAL}`);
  await removeUnfinishedExports(context.config.dataDir, tenantId);
  await mkdir(absolute, { recursive: true });
  const scope: Scope = { tenantId, userId: '0', role: 'operator', acrossTenants: false, assignee: undefined };
  const written = { bytes: 0 };
  const client = await context.pool.connect();
  try {
    const save = async (name: string, rows: Readable) => {
      const file = createWriteStream(path.join(absolute, `${name}.csv`));
      file.write(UTF8_BOM);
      await pipeline(rows, bounded(written, maxBytes), file);
    };
    await save('contacts', copyContactsCsv(client, scope, { filters: ContactFilters.parse({}) }, 'en'));
    for (const table of TENANT_EXPORT_TABLES) await save(table, copyTenantTable(client, tenantId, table));
    await rename(absolute, path.join(context.config.dataDir, folder));
  } catch (error) {
    await rm(absolute, { recursive: true, force: true });
    throw error;
  } finally {
    client.release();
  }
  return folder;
}
