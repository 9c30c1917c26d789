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

/** Records a stored file as uploaded by the scope's user; answers its id. */
export async function insertUpload(db: Db, scope: Scope, upload: NewUpload): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into upload (tenant_id, user_id, storage_path, original_name, size, content_type, sha256)
     values ($1, $2, $3, $4, $5, $6, $7) returning id::text`,
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
  return (rows[0] as { id: string }).id;
}

export interface StoredUpload {
  id: string;
  storage_path: string;
  original_name: string;
  content_type: string;
  size: number;
  thumbnail_path: string | null;
}

const COLUMNS = 'id::text, storage_path, original_name, content_type, size::float8 as size, thumbnail_path';

/** A file the tenant uploaded, by where it lies under DATA_DIR/uploads. */
export async function selectUpload(db: Db, scope: Scope, storagePath: string): Promise<StoredUpload | undefined> {
  const { rows } = await db.query<StoredUpload>(
    `select ${COLUMNS} from upload where tenant_id = $1 and storage_path = $2 limit 1`,
    [scope.tenantId, storagePath],
  );
  return rows[0];
}

/** A stored file by its id (work the product does for itself: the auto-reply job hands it to Meta). */
export async function selectUploadById(db: Db, tenantId: string, uploadId: string): Promise<StoredUpload | undefined> {
  const { rows } = await db.query<StoredUpload>(`select ${COLUMNS} from upload where tenant_id = $1 and id = $2`, [
    tenantId,
    uploadId,
  ]);
  return rows[0];
}

/** The tenant's stored file with this content (and type), if any: uploads are stored once. */
export async function selectUploadByHash(
  db: Db,
  scope: Scope,
  sha256: string,
  contentType: string,
): Promise<StoredUpload | undefined> {
  const { rows } = await db.query<StoredUpload>(
    `select ${COLUMNS} from upload where tenant_id = $1 and sha256 = $2 and content_type = $3 order by id limit 1`,
    [scope.tenantId, sha256, contentType],
  );
  return rows[0];
}

/** Notes where an image's thumbnail lies under DATA_DIR/uploads. */
export async function setUploadThumbnail(db: Db, scope: Scope, uploadId: string, thumbnailPath: string) {
  await db.query(`update upload set thumbnail_path = $3 where tenant_id = $1 and id = $2`, [
    scope.tenantId,
    uploadId,
    thumbnailPath,
  ]);
}

/** A file the tenant uploaded, by the url `upimg` or `mater/upload` answered (`/uploads/…`). */
export async function selectUploadByUrl(db: Db, scope: Scope, url: string): Promise<StoredUpload | undefined> {
  const storagePath = url.replace(/^\/uploads\//, '');
  if (storagePath === url || storagePath.split('/').includes('..')) return undefined;
  return selectUpload(db, scope, storagePath);
}
