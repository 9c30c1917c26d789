import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ContactFilters } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { AppContext } from '../../platform/http/context.js';
import { UTF8_BOM } from '../../platform/http/file-route.js';
import { fileStamp } from '../../platform/http/table-download.js';
import { copyContactsCsv } from '../contacts/contact-export-repository.js';

/**
 * The export a deletion makes first when asked: every live contact of the tenant with its number,
 * owner, consent and its evidence, tags and times, as the contact export's CSV (UTF-8 with BOM,
 * English headers), written by PostgreSQL's COPY into `DATA_DIR/customer-exports/<tenant>-<time>/`.
 * Answers the folder, relative to DATA_DIR.
 */
export async function exportCustomerData(context: AppContext, tenantId: string): Promise<string> {
  const folder = path.join('customer-exports', `${tenantId}-${fileStamp()}`);
  const absolute = path.join(context.config.dataDir, folder);
  await mkdir(absolute, { recursive: true });
  const scope: Scope = { tenantId, userId: '0', role: 'operator', acrossTenants: false, assignee: undefined };
  const client = await context.pool.connect();
  try {
    const file = createWriteStream(path.join(absolute, 'contacts.csv'));
    file.write(UTF8_BOM);
    await pipeline(copyContactsCsv(client, scope, { filters: ContactFilters.parse({}) }, 'en'), file);
  } finally {
    client.release();
  }
  return folder;
}
