import type { IpGroup } from '@ws/contract';
import { type Pool, prepared } from '../../platform/db/pool.js';
import { isoTime } from '../../platform/db/sql-time.js';
import type { IpOwner } from './ip-scope.js';

interface GroupRow {
  id: string;
  name: string;
  remark: string;
  ip_count: number;
  created_at: string;
}

const toGroup = (owner: IpOwner, row: GroupRow): IpGroup => ({ ...row, scope: owner.scope });

/** The groups of a page, by name, with their IP counts (counted for the page's rows only). */
export async function selectGroups(
  pool: Pool,
  owner: IpOwner,
  limit: number,
  offset: number,
): Promise<{ groups: IpGroup[]; total: number | undefined }> {
  const { rows } = await pool.query<GroupRow & { total: number }>(
    prepared(
      `with page as (
         select g.tenant_id, g.id, g.name, g.remark, g.created_at, count(*) over ()::int as total
           from egress_ip_group g
          where g.tenant_id = $1
          order by lower(g.name), g.id
          limit $2 offset $3
       )
       select p.id::text, p.name, p.remark, ${isoTime('p.created_at')} as created_at, p.total,
              (select count(*)::int from egress_ip e where e.tenant_id = p.tenant_id and e.group_id = p.id) as ip_count
         from page p
        order by lower(p.name), p.id`,
      [owner.tenantId, limit, offset],
    ),
  );
  return {
    groups: rows.map(({ total: _total, ...row }) => toGroup(owner, row)),
    total: rows[0]?.total,
  };
}

export async function countGroups(pool: Pool, owner: IpOwner): Promise<number> {
  const { rows } = await pool.query<{ total: number }>(
    'select count(*)::int as total from egress_ip_group where tenant_id = $1',
    [owner.tenantId],
  );
  return rows[0]?.total ?? 0;
}

const GROUP_COLUMNS = `id::text, name, remark, ${isoTime('created_at')} as created_at,
  (select count(*)::int from egress_ip e where e.tenant_id = egress_ip_group.tenant_id and e.group_id = egress_ip_group.id) as ip_count`;

export async function insertGroup(
  pool: Pool,
  owner: IpOwner,
  group: { name: string; remark: string },
): Promise<IpGroup> {
  const { rows } = await pool.query<GroupRow>(
    `insert into egress_ip_group (tenant_id, name, remark) values ($1, $2, $3) returning ${GROUP_COLUMNS}`,
    [owner.tenantId, group.name, group.remark],
  );
  return toGroup(owner, rows[0] as GroupRow);
}

/** The changed group, or undefined when the tenant has no such group. */
export async function updateGroup(
  pool: Pool,
  owner: IpOwner,
  id: string,
  change: { name?: string | undefined; remark?: string | undefined },
): Promise<IpGroup | undefined> {
  const { rows } = await pool.query<GroupRow>(
    `update egress_ip_group set name = coalesce($3, name), remark = coalesce($4, remark), updated_at = now()
      where tenant_id = $1 and id = $2 returning ${GROUP_COLUMNS}`,
    [owner.tenantId, id, change.name ?? null, change.remark ?? null],
  );
  return rows[0] ? toGroup(owner, rows[0]) : undefined;
}

/** Deletes the tenant's groups among `ids`; their IPs lose the group (the foreign key's set null). */
export async function deleteGroups(
  pool: Pool,
  owner: IpOwner,
  ids: readonly string[],
): Promise<{ count: number; ungrouped: number }> {
  // Both counts read the snapshot before the delete, so the IPs still show their group.
  const { rows } = await pool.query<{ count: number; ungrouped: number }>(
    `with gone as (delete from egress_ip_group where tenant_id = $1 and id = any($2::bigint[]) returning id)
     select (select count(*)::int from gone) as count,
            (select count(*)::int from egress_ip e where e.tenant_id = $1 and e.group_id in (select id from gone)) as ungrouped`,
    [owner.tenantId, ids],
  );
  return rows[0] ?? { count: 0, ungrouped: 0 };
}

export async function groupExists(pool: Pool, owner: IpOwner, id: string): Promise<boolean> {
  const { rowCount } = await pool.query('select 1 from egress_ip_group where tenant_id = $1 and id = $2', [
    owner.tenantId,
    id,
  ]);
  return (rowCount ?? 0) > 0;
}
