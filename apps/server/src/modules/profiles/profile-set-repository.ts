import type { ProfileSet, ProfileSetFilter, ProfileSetInput } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { Db } from '../../platform/db/pool.js';
import { isoTime } from '../../platform/db/sql-time.js';
import { UPLOADS_URL_PREFIX } from '../uploads/store-image.js';

/** A set's fields as stored, the picture as its upload row. */
export type ProfileSetFields = Omit<ProfileSetInput, 'picture'> & { pictureUploadId: string | null };

const COLUMNS = `s.id::text, s.name, s.about, s.description, s.address, s.email, s.websites, s.vertical,
  coalesce('${UPLOADS_URL_PREFIX}' || u.storage_path, '') as picture,
  ${isoTime('s.created_at')} as created_at, ${isoTime('s.updated_at')} as updated_at`;
const FROM = 'profile_set s left join upload u on u.tenant_id = s.tenant_id and u.id = s.picture_upload_id';

const values = (fields: ProfileSetFields) => [
  fields.name,
  fields.about,
  fields.description,
  fields.address,
  fields.email,
  JSON.stringify(fields.websites),
  fields.vertical,
  fields.pictureUploadId,
];

/** Adds a set; undefined when the tenant has one of that name. */
export async function insertProfileSet(db: Db, scope: Scope, fields: ProfileSetFields): Promise<string | undefined> {
  const { rows } = await db.query<{ id: string }>(
    `insert into profile_set (tenant_id, name, about, description, address, email, websites, vertical, picture_upload_id)
     values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9)
     on conflict (tenant_id, lower(name)) do nothing returning id::text`,
    [scope.tenantId, ...values(fields)],
  );
  return rows[0]?.id;
}

/** Replaces a set's fields; 'missing' or 'taken' (another set has the name) when it cannot. */
export async function updateProfileSet(
  db: Db,
  scope: Scope,
  id: string,
  fields: ProfileSetFields,
): Promise<'updated' | 'missing' | 'taken'> {
  const taken = await db.query(
    'select 1 from profile_set where tenant_id = $1 and lower(name) = lower($2) and id <> $3',
    [scope.tenantId, fields.name, id],
  );
  if (taken.rowCount) return 'taken';
  const { rowCount } = await db.query(
    `update profile_set set name = $3, about = $4, description = $5, address = $6, email = $7,
            websites = $8::jsonb, vertical = $9, picture_upload_id = $10, updated_at = now()
      where tenant_id = $1 and id = $2`,
    [scope.tenantId, id, ...values(fields)],
  );
  return rowCount ? 'updated' : 'missing';
}

export async function selectProfileSet(db: Db, scope: Scope, id: string): Promise<ProfileSet | undefined> {
  const { rows } = await db.query<ProfileSet>(`select ${COLUMNS} from ${FROM} where s.tenant_id = $1 and s.id = $2`, [
    scope.tenantId,
    id,
  ]);
  return rows[0];
}

/** The set's stored fields, for a run to keep. */
export async function selectProfileSetFields(
  db: Db,
  scope: Scope,
  id: string,
): Promise<{ name: string; fields: ProfileSetFields } | undefined> {
  const { rows } = await db.query<ProfileSetInput & { picture_upload_id: string | null }>(
    `select name, about, description, address, email, websites, vertical, picture_upload_id::text
       from profile_set where tenant_id = $1 and id = $2`,
    [scope.tenantId, id],
  );
  const row = rows[0];
  if (!row) return undefined;
  const { picture_upload_id: pictureUploadId, ...rest } = row;
  return { name: row.name, fields: { ...rest, pictureUploadId } };
}

export async function listProfileSets(
  db: Db,
  scope: Scope,
  request: ProfileSetFilter,
): Promise<{ total: number; records: ProfileSet[] }> {
  const search = request.filters.search ? `%${request.filters.search.replace(/[\\%_]/g, '\\$&')}%` : null;
  const where = 's.tenant_id = $1 and ($2::text is null or s.name ilike $2)';
  const [count, page] = await Promise.all([
    db.query<{ total: number }>(`select count(*)::int as total from profile_set s where ${where}`, [
      scope.tenantId,
      search,
    ]),
    db.query<ProfileSet>(`select ${COLUMNS} from ${FROM} where ${where} order by s.id desc limit $3 offset $4`, [
      scope.tenantId,
      search,
      request.pageSize,
      (request.page - 1) * request.pageSize,
    ]),
  ]);
  return { total: count.rows[0]?.total ?? 0, records: page.rows };
}

/** Deletes the tenant's sets among `ids`; answers how many. */
export async function deleteProfileSets(db: Db, scope: Scope, ids: string[]): Promise<number> {
  const { rowCount } = await db.query('delete from profile_set where tenant_id = $1 and id = any($2::bigint[])', [
    scope.tenantId,
    ids,
  ]);
  return rowCount ?? 0;
}
