import { MATERIAL_TAGS_MAX, type MaterialTag } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { Db } from '../../platform/db/pool.js';
import { isoTime } from '../../platform/db/sql-time.js';

const COLUMNS = `g.id::text, g.name,
  (select count(*)::int from material m where m.tenant_id = g.tenant_id and m.tag_id = g.id) as count,
  ${isoTime('g.created_at')} as created_at`;

/** The tenant's material tags by name (at most MATERIAL_TAGS_MAX: lists of tags are not paged). */
export async function selectMaterialTags(db: Db, scope: Scope): Promise<MaterialTag[]> {
  const { rows } = await db.query<MaterialTag>(
    `select ${COLUMNS} from material_tag g where g.tenant_id = $1 order by lower(g.name), g.id limit $2`,
    [scope.tenantId, MATERIAL_TAGS_MAX],
  );
  return rows;
}

export async function selectMaterialTag(db: Db, scope: Scope, id: string): Promise<MaterialTag | undefined> {
  const { rows } = await db.query<MaterialTag>(
    `select ${COLUMNS} from material_tag g where g.tenant_id = $1 and g.id = $2`,
    [scope.tenantId, id],
  );
  return rows[0];
}

/** Adds a tag; a name taken (ignoring case) fails on material_tag_name_key. */
export async function insertMaterialTag(db: Db, scope: Scope, name: string): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    'insert into material_tag (tenant_id, name) values ($1, $2) returning id::text',
    [scope.tenantId, name],
  );
  return (rows[0] as { id: string }).id;
}

export async function renameMaterialTag(db: Db, scope: Scope, id: string, name: string): Promise<boolean> {
  const { rowCount } = await db.query('update material_tag set name = $3 where tenant_id = $1 and id = $2', [
    scope.tenantId,
    id,
    name,
  ]);
  return rowCount === 1;
}

/** Deletes the named tags, their materials left untagged; answers how many tags. */
export async function deleteMaterialTags(db: Db, scope: Scope, ids: readonly string[]): Promise<number> {
  await db.query('update material set tag_id = null where tenant_id = $1 and tag_id = any($2::bigint[])', [
    scope.tenantId,
    ids,
  ]);
  const { rowCount } = await db.query('delete from material_tag where tenant_id = $1 and id = any($2::bigint[])', [
    scope.tenantId,
    ids,
  ]);
  return rowCount ?? 0;
}

export async function materialTagExists(db: Db, scope: Scope, id: string): Promise<boolean> {
  const { rowCount } = await db.query('select 1 from material_tag where tenant_id = $1 and id = $2', [
    scope.tenantId,
    id,
  ]);
  return rowCount === 1;
}
