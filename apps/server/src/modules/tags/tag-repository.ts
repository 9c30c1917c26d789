import type { Tag, TagKind } from '@ws/contract';
import type pg from 'pg';
import type { Scope } from '../../platform/auth/scope.js';
import { type Db, prepared } from '../../platform/db/pool.js';
import { isoTimeOf } from '../../platform/db/sql-time.js';
import { BoundValues } from '../../platform/db/sql-values.js';

interface TagRow {
  id: string;
  kind: TagKind;
  name: string;
  color: string;
  remark: string;
  count: number;
  created_at: Date;
}

const toTag = (row: TagRow): Tag => ({
  id: row.id,
  kind: row.kind,
  name: row.name,
  color: row.color,
  remark: row.remark,
  count: row.count,
  created_at: isoTimeOf(row.created_at),
});

const TAG_COLUMNS = 't.id, t.kind, t.name, t.color, t.remark, t.created_at';

/**
 * Every tag of one kind, newest first, with its count. Contact tags use tag.item_count, which the
 * contact_tag triggers keep. Number tags count the numbers outside the recycle bin carrying them
 * (with the given standby flag), because recycling a number does not untag it: one grouped join
 * over the tenant's tagged numbers (at most ~100k rows) instead of one count per tag.
 */
export async function listTags(pool: pg.Pool, scope: Scope, kind: TagKind, standby: boolean | undefined) {
  const sql = new BoundValues();
  const tenant = sql.add(scope.tenantId, 'text');
  const ofKind = `t.tenant_id = ${tenant} and t.kind = ${sql.add(kind, 'text')}`;
  let text = `select ${TAG_COLUMNS}, t.item_count as count from tag t where ${ofKind} order by t.id desc`;
  if (kind === 'number') {
    const inStandby = standby === undefined ? '' : ` and w.standby = ${sql.add(standby, 'boolean')}`;
    text = `with counts as (
              select nt.tag_id, count(*)::int as n
                from number_tag nt
                join wa_number w on w.tenant_id = nt.tenant_id and w.id = nt.number_id
               where nt.tenant_id = ${tenant} and w.deleted_at is null${inStandby}
               group by nt.tag_id)
            select ${TAG_COLUMNS}, coalesce(c.n, 0) as count
              from tag t left join counts c on c.tag_id = t.id
             where ${ofKind}
             order by t.id desc`;
  }
  const { rows } = await pool.query<TagRow>(prepared(text, sql.values));
  return rows.map(toTag);
}

/** One tag of the tenant with its count, or undefined (another tenant's id is not found either). */
export async function findTag(db: Db, scope: Scope, tagId: string) {
  const { rows } = await db.query<TagRow>(
    prepared(
      `select ${TAG_COLUMNS},
              case when t.kind = 'number' then (
                select count(*)::int from number_tag nt
                  join wa_number w on w.tenant_id = nt.tenant_id and w.id = nt.number_id
                 where nt.tenant_id = t.tenant_id and nt.tag_id = t.id and w.deleted_at is null)
              else t.item_count end as count
         from tag t where t.tenant_id = $1 and t.id = $2`,
      [scope.tenantId, tagId],
    ),
  );
  return rows[0] && toTag(rows[0]);
}

export interface TagFields {
  name: string;
  color: string;
  remark: string;
}

/**
 * Adds a tag unless the tenant already has `limit` tags of that kind (undefined then). A name
 * taken case-insensitively fails on tag_name_key (unique violation).
 */
export async function insertTag(
  pool: pg.Pool,
  scope: Scope,
  kind: TagKind,
  fields: TagFields,
  limit: number,
): Promise<string | undefined> {
  const { rows } = await pool.query<{ id: string }>(
    `insert into tag (tenant_id, kind, name, color, remark)
     select $1, $2, $3, $4, $5
      where (select count(*) from tag where tenant_id = $1 and kind = $2) < $6
     returning id`,
    [scope.tenantId, kind, fields.name, fields.color, fields.remark, limit],
  );
  return rows[0]?.id;
}

/** Changes the given fields; false when the tenant has no such tag. */
export async function updateTag(
  pool: pg.Pool,
  scope: Scope,
  tagId: string,
  fields: Partial<TagFields>,
): Promise<boolean> {
  const { rowCount } = await pool.query(
    `update tag set name = coalesce($3, name), color = coalesce($4, color), remark = coalesce($5, remark),
                    updated_at = now()
      where tenant_id = $1 and id = $2`,
    [scope.tenantId, tagId, fields.name ?? null, fields.color ?? null, fields.remark ?? null],
  );
  return rowCount === 1;
}

/** Deletes the tenant's tags among `tagIds`; their number_tag and contact_tag rows cascade. */
export async function deleteTags(pool: pg.Pool, scope: Scope, tagIds: readonly string[]) {
  const { rows } = await pool.query<{ id: string; name: string }>(
    'delete from tag where tenant_id = $1 and id = any($2::bigint[]) returning id, name',
    [scope.tenantId, tagIds],
  );
  return rows;
}
