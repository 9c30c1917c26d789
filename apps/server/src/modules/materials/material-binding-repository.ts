import type { MaterialBinding } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { Db } from '../../platform/db/pool.js';
import { isoTime } from '../../platform/db/sql-time.js';

export interface BindingTargets {
  materialIds: readonly string[];
  userIds: readonly string[];
  numberIds: readonly string[];
}

/** How many of the named materials, users and numbers are the tenant's (live). */
export async function countBindingTargets(db: Db, scope: Scope, targets: BindingTargets) {
  const { rows } = await db.query<{ materials: number; users: number; numbers: number }>(
    `select (select count(*)::int from material where tenant_id = $1 and id = any($2::bigint[])) as materials,
            (select count(*)::int from app_user where tenant_id = $1 and id = any($3::bigint[])) as users,
            (select count(*)::int from wa_number where tenant_id = $1 and id = any($4::bigint[]) and deleted_at is null) as numbers`,
    [scope.tenantId, targets.materialIds, targets.userIds, targets.numberIds],
  );
  return rows[0] as { materials: number; users: number; numbers: number };
}

/** Binds every named material of the tenant to every named user and number (the caller checked they are the tenant's); answers how many bindings are new. */
export async function insertBindings(db: Db, scope: Scope, targets: BindingTargets): Promise<number> {
  const users = await db.query(
    `insert into material_binding (tenant_id, material_id, user_id)
     select $1, m.id, u from material m cross join unnest($3::bigint[]) u
     where m.tenant_id = $1 and m.id = any($2::bigint[])
     on conflict (tenant_id, material_id, user_id) where user_id is not null do nothing`,
    [scope.tenantId, targets.materialIds, targets.userIds],
  );
  const numbers = await db.query(
    `insert into material_binding (tenant_id, material_id, number_id)
     select $1, m.id, n from material m cross join unnest($3::bigint[]) n
     where m.tenant_id = $1 and m.id = any($2::bigint[])
     on conflict (tenant_id, material_id, number_id) where number_id is not null do nothing`,
    [scope.tenantId, targets.materialIds, targets.numberIds],
  );
  return (users.rowCount ?? 0) + (numbers.rowCount ?? 0);
}

/** A material's bindings, users first, with the user's name or the number's phone. */
export async function selectBindings(db: Db, scope: Scope, materialId: string): Promise<MaterialBinding[]> {
  const { rows } = await db.query<MaterialBinding>(
    `select b.id::text, b.material_id::text,
            case when b.user_id is null then 'number' else 'user' end as kind,
            coalesce(b.user_id, b.number_id)::text as target_id,
            coalesce(u.username, n.phone, '') as target_name,
            ${isoTime('b.created_at')} as created_at
       from material_binding b
       left join app_user u on u.tenant_id = b.tenant_id and u.id = b.user_id
       left join wa_number n on n.tenant_id = b.tenant_id and n.id = b.number_id
      where b.tenant_id = $1 and b.material_id = $2
      order by b.user_id is null, b.id`,
    [scope.tenantId, materialId],
  );
  return rows;
}

export async function deleteBindings(db: Db, scope: Scope, ids: readonly string[]): Promise<number> {
  const { rowCount } = await db.query('delete from material_binding where tenant_id = $1 and id = any($2::bigint[])', [
    scope.tenantId,
    ids,
  ]);
  return rowCount ?? 0;
}
