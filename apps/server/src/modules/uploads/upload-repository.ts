import type { Scope } from '../../platform/auth/scope.js';
import type { Db } from '../../platform/db/pool.js';

export interface NewUpload {
  /** Where the file lies under DATA_DIR/uploads, e.g. `<tenant>/<yyyymm>/<random>.png`. */
  storagePath: string;
  originalName: string;
  size: number;
  contentType: string;
  sha256: string;
}

/** Records a stored file as uploaded by the scope's user. */
export async function insertUpload(db: Db, scope: Scope, upload: NewUpload): Promise<void> {
  await db.query(
    `insert into upload (tenant_id, user_id, storage_path, original_name, size, content_type, sha256)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [
      scope.tenantId,
      scope.userId,
      upload.storagePath,
      upload.originalName,
      upload.size,
      upload.contentType,
      upload.sha256,
    ],
  );
}

export interface StoredUpload {
  storage_path: string;
  original_name: string;
  content_type: string;
  size: number;
}

/** A file the tenant uploaded, by where it lies under DATA_DIR/uploads. */
export async function selectUpload(db: Db, scope: Scope, storagePath: string): Promise<StoredUpload | undefined> {
  const { rows } = await db.query<StoredUpload>(
    `select storage_path, original_name, content_type, size::float8 as size from upload where tenant_id = $1 and storage_path = $2 limit 1`,
    [scope.tenantId, storagePath],
  );
  return rows[0];
}
