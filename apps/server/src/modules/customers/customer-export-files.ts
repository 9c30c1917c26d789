import { constants, type Dirent } from 'node:fs';
import { type FileHandle, lstat, open, readdir } from 'node:fs/promises';
import path from 'node:path';
import { type CustomerExport, ExportFileName, ExportFolder } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import type { FileReply } from '../../platform/http/file-route.js';
import { requireCustomer } from './customer-details.js';
import { CUSTOMER_EXPORTS_DIR } from './customer-export.js';

const NO_EXPORT = { zh: 'folder: 导出', en: 'folder: Export' };
const NO_FILE = { zh: 'file: 导出文件', en: 'file: Export file' };

const isNotFound = (error: unknown) => (error as { code?: string }).code === 'ENOENT';

/** The entries of a directory, none when it does not exist (no export was ever written). */
async function entriesOf(directory: string): Promise<Dirent[]> {
  try {
    return await readdir(directory, { withFileTypes: true });
  } catch (error) {
    if (isNotFound(error)) return [];
    throw error;
  }
}

/** `20261126-183605` → `2026-11-26T18:36:05.000000Z` (the folder's stamp is UTC to the second). */
function timeOfStamp(stamp: string): string {
  const [day = '', time = ''] = stamp.split('-');
  return `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}T${time.slice(0, 2)}:${time.slice(2, 4)}:${time.slice(4, 6)}.000000Z`;
}

/**
 * The tenant's exports as the disk has them, newest first. Only what `readdir` lists is ever
 * opened: folders named `<tenant>-<stamp>` of this tenant, regular files (never a link) named as
 * the export names its CSVs. A request's names are looked up in this list, never joined into a
 * path, so no name reaches outside the folder.
 */
async function readExports(dataDir: string, tenantId: string): Promise<CustomerExport[]> {
  const root = path.join(dataDir, CUSTOMER_EXPORTS_DIR);
  const folders = (await entriesOf(root))
    .filter((entry) => entry.isDirectory() && entry.name.startsWith(`${tenantId}-`))
    .map((entry) => entry.name)
    .filter((name) => ExportFolder.safeParse(name).success)
    .sort()
    .reverse();
  return Promise.all(
    folders.map(async (folder) => {
      const files = (await entriesOf(path.join(root, folder)))
        .filter((entry) => entry.isFile() && ExportFileName.safeParse(entry.name).success)
        .map((entry) => entry.name)
        .sort();
      return {
        folder,
        created_at: timeOfStamp(folder.slice(tenantId.length + 1)),
        files: await Promise.all(
          files.map(async (name) => ({ name, bytes: (await lstat(path.join(root, folder, name))).size })),
        ),
      };
    }),
  );
}

/**
 * `auth/exports`: the exports of a customer's deletion (decision 0032). They outlive the tenant's
 * rows, so a deleted customer's are listed too; a tenant with none is an empty list when it is a
 * customer, a 404 naming `tenantId` when it is not (unknown, or the platform's own).
 */
export async function listCustomerExports(
  context: AppContext,
  scope: Scope,
  tenantId: string,
): Promise<CustomerExport[]> {
  const exports = await readExports(context.config.dataDir, tenantId);
  if (exports.length === 0) await requireCustomer(context.pool, scope, tenantId);
  return exports;
}

/**
 * `auth/exportfile`: one file of an export, streamed from the disk as written (its size sent, so a
 * cut-off transfer shows as one); a folder or file the customer's exports do not list is a 404
 * naming the field (an id that is no customer, `tenantId`, as `auth/exports`).
 */
export async function openCustomerExportFile(
  context: AppContext,
  scope: Scope,
  request: { tenantId: string; folder: string; file: string },
): Promise<FileReply> {
  const exports = await listCustomerExports(context, scope, request.tenantId);
  const folder = exports.find((candidate) => candidate.folder === request.folder);
  if (!folder) throw errors.notFound(NO_EXPORT);
  const file = folder.files.find((candidate) => candidate.name === request.file);
  if (!file) throw errors.notFound(NO_FILE);
  const location = path.join(context.config.dataDir, CUSTOMER_EXPORTS_DIR, folder.folder, file.name);
  let handle: FileHandle;
  try {
    // Never through a link put there since it was listed.
    handle = await open(location, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (error) {
    // Removed since it was listed.
    if (isNotFound(error)) throw errors.notFound(NO_FILE);
    throw error;
  }
  try {
    const { size } = await handle.stat();
    return {
      fileName: `${folder.folder}-${file.name}`,
      headers: { 'content-length': String(size) },
      // Read in chunks with back-pressure; the handle closes with the stream (also when the client goes away).
      body: handle.createReadStream(),
    };
  } catch (error) {
    await handle.close();
    throw error;
  }
}
