import type pg from 'pg';

/** Creates a tenant with a six-digit id and its default department. */
export async function createTenant(client: pg.PoolClient, name: string, id?: string) {
  const { rows } = await client.query<{ id: string }>(
    `insert into tenant (id, name) values (coalesce($1, lpad(nextval('tenant_number_seq')::text, 6, '0')), $2)
     returning id`,
    [id ?? null, name],
  );
  const tenantId = rows[0]?.id;
  if (!tenantId) throw new Error('tenant insert returned nothing');
  const dept = await client.query<{ id: string }>('insert into dept (tenant_id, name) values ($1, $2) returning id', [
    tenantId,
    '默认部门',
  ]);
  const deptId = dept.rows[0]?.id;
  if (!deptId) throw new Error('department insert returned nothing');
  return { id: tenantId, deptId };
}
