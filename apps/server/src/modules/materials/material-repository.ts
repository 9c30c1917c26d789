import type { ContactCard, Material, MaterialType } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { likePattern } from '../../platform/db/like-pattern.js';
import { type Db, prepared } from '../../platform/db/pool.js';
import { isoTime } from '../../platform/db/sql-time.js';
import { BoundValues, type SqlValues } from '../../platform/db/sql-values.js';
import { UPLOADS_URL_PREFIX } from '../uploads/store-image.js';

const FILE = `case when u.id is null then null else json_build_object(
    'url', '${UPLOADS_URL_PREFIX}' || u.storage_path, 'name', u.original_name, 'size', u.size, 'type', u.content_type,
    'thumbnail_url', case when u.thumbnail_path is null then null else '${UPLOADS_URL_PREFIX}' || u.thumbnail_path end) end`;
const STEPS = `coalesce((select json_agg(json_build_object('material_id', s.material_id::text, 'delay_seconds', s.delay_seconds,
    'tp', x.tp, 'title', x.title) order by s.position)
  from material_step s join material x on x.tenant_id = s.tenant_id and x.id = s.material_id
  where s.tenant_id = m.tenant_id and s.auto_id = m.id), '[]'::json)`;
const COLUMNS = `m.id::text, m.tp, m.title, m.body as text, ${FILE} as file, m.card, m.buttons, ${STEPS} as steps,
  case when g.id is null then null else json_build_object('id', g.id::text, 'name', g.name) end as tag,
  m.owner_user_id::text,
  (select count(*)::int from material_binding b where b.tenant_id = m.tenant_id and b.material_id = m.id) as bindings,
  ${isoTime('m.created_at')} as created_at, ${isoTime('m.updated_at')} as updated_at`;
const FROM = `material m
  left join upload u on u.tenant_id = m.tenant_id and u.id = m.upload_id
  left join material_tag g on g.tenant_id = m.tenant_id and g.id = m.tag_id`;

/**
 * The materials the scope may use (alias `m`): the tenant's; for a seat, those bound to no one,
 * to it, or to a number it serves (decision 0023).
 */
export function materialScope(scope: Scope, sql: SqlValues, m = 'm'): string {
  const tenant = sql.add(scope.tenantId, 'text');
  const where = `${m}.tenant_id = ${tenant}`;
  if (scope.assignee === undefined) return where;
  const seat = sql.add(scope.assignee, 'bigint');
  return `${where} and (not exists (select 1 from material_binding b where b.tenant_id = ${m}.tenant_id and b.material_id = ${m}.id)
    or exists (select 1 from material_binding b where b.tenant_id = ${m}.tenant_id and b.material_id = ${m}.id
      and (b.user_id = ${seat} or b.number_id in (select a.number_id from agent_number a where a.tenant_id = ${tenant} and a.user_id = ${seat}))))`;
}

export interface MaterialQuery {
  tp: MaterialType;
  search?: string | undefined;
  tagId?: string | null | undefined;
  ownerUserId?: string;
}

function conditions(scope: Scope, query: MaterialQuery, sql: BoundValues): string {
  const where = [materialScope(scope, sql), `m.tp = ${sql.add(query.tp, 'text')}`];
  if (query.tagId) where.push(`m.tag_id = ${sql.add(query.tagId, 'bigint')}`);
  if (query.ownerUserId) where.push(`m.owner_user_id = ${sql.add(query.ownerUserId, 'bigint')}`);
  if (query.search) {
    const pattern = sql.add(likePattern(query.search), 'text');
    where.push(`(m.title ilike ${pattern} or m.body ilike ${pattern})`);
  }
  return where.join(' and ');
}

/** A page of the scope's materials of a type, newest first. */
export async function selectMaterials(db: Db, scope: Scope, query: MaterialQuery, limit: number, offset: number) {
  const sql = new BoundValues();
  const where = conditions(scope, query, sql);
  const { rows } = await db.query<Material>(
    prepared(
      `select ${COLUMNS} from ${FROM} where ${where}
        order by m.id desc limit ${sql.add(limit, 'int')} offset ${sql.add(offset, 'int')}`,
      sql.values,
    ),
  );
  return rows;
}

export async function countMaterials(db: Db, scope: Scope, query: MaterialQuery, cap: number): Promise<number> {
  const sql = new BoundValues();
  const where = conditions(scope, query, sql);
  const { rows } = await db.query<{ total: number }>(
    prepared(
      `select count(*)::int as total from (select 1 from material m where ${where} limit ${sql.add(cap + 1, 'int')}) x`,
      sql.values,
    ),
  );
  return rows[0]?.total ?? 0;
}

/** One material the scope may use. */
export async function selectMaterial(db: Db, scope: Scope, id: string): Promise<Material | undefined> {
  const sql = new BoundValues();
  const where = materialScope(scope, sql);
  const { rows } = await db.query<Material>(
    `select ${COLUMNS} from ${FROM} where ${where} and m.id = ${sql.add(id, 'bigint')}`,
    sql.values,
  );
  return rows[0];
}

export interface MaterialFields {
  title: string;
  text: string;
  uploadId: string | null;
  card: ContactCard | null;
  buttons: readonly { title: string }[];
  tagId: string | null;
}

/** The fields as the statements below take them, from $4 on. */
const fieldValues = (fields: MaterialFields) => [
  fields.title,
  fields.text,
  fields.uploadId,
  fields.card ? JSON.stringify(fields.card) : null,
  JSON.stringify(fields.buttons),
  fields.tagId,
];

export async function insertMaterial(db: Db, scope: Scope, tp: MaterialType, fields: MaterialFields): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into material (tenant_id, tp, owner_user_id, title, body, upload_id, card, buttons, tag_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id::text`,
    [scope.tenantId, tp, scope.userId, ...fieldValues(fields)],
  );
  return (rows[0] as { id: string }).id;
}

/** Replaces a material of the type; false when the tenant has none such. */
export async function updateMaterial(
  db: Db,
  scope: Scope,
  id: string,
  tp: MaterialType,
  fields: MaterialFields,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `update material set title = $4, body = $5, upload_id = $6, card = $7, buttons = $8, tag_id = $9, updated_at = now()
      where tenant_id = $1 and id = $2 and tp = $3`,
    [scope.tenantId, id, tp, ...fieldValues(fields)],
  );
  return rowCount === 1;
}

/** An automatic reply's steps, replacing those it had. */
export async function replaceSteps(
  db: Db,
  scope: Scope,
  autoId: string,
  steps: readonly { materialId: string; delaySeconds: number }[],
): Promise<void> {
  await db.query('delete from material_step where tenant_id = $1 and auto_id = $2', [scope.tenantId, autoId]);
  await db.query(
    `insert into material_step (tenant_id, auto_id, position, material_id, delay_seconds)
     select $1, $2, s.position, s.material_id, s.delay from unnest($3::bigint[], $4::int[]) with ordinality as s(material_id, delay, position)`,
    [scope.tenantId, autoId, steps.map((s) => s.materialId), steps.map((s) => s.delaySeconds)],
  );
}

/** Of the named materials, the tenant's that a step may name (any type but an automatic reply). */
export async function selectStepMaterials(db: Db, scope: Scope, ids: readonly string[]): Promise<Set<string>> {
  const { rows } = await db.query<{ id: string }>(
    `select id::text from material where tenant_id = $1 and id = any($2::bigint[]) and tp <> 'auto'`,
    [scope.tenantId, ids],
  );
  return new Set(rows.map((row) => row.id));
}

/** Deletes the named materials of the type; answers how many. */
export async function deleteMaterialsOfType(
  db: Db,
  scope: Scope,
  tp: MaterialType,
  ids: readonly string[],
): Promise<number> {
  const { rowCount } = await db.query(
    'delete from material where tenant_id = $1 and tp = $2 and id = any($3::bigint[])',
    [scope.tenantId, tp, ids],
  );
  return rowCount ?? 0;
}
