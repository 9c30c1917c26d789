import type pg from 'pg';
import { PLATFORM_TENANT_ID } from '../../platform/tenants.js';

/** Holds the platform admin's set-up until commit, so that processes starting together do not both create it. */
export async function lockPlatformAdminSetUp(client: pg.PoolClient): Promise<void> {
  await client.query('select pg_advisory_xact_lock(727274002)');
}

/** Whether any tenant has an admin. */
export async function anyAdminExists(client: pg.PoolClient): Promise<boolean> {
  const { rowCount } = await client.query(
    `select 1 from app_user u join role r on r.id = u.role_id where r.code = 'admin' limit 1`,
  );
  return Boolean(rowCount);
}

/** Creates the platform tenant (when missing) and a department for its admin; answers the department's id. */
export async function insertPlatformTenant(client: pg.PoolClient): Promise<string> {
  await client.query(`insert into tenant (id, name) values ($1, '平台') on conflict (id) do nothing`, [
    PLATFORM_TENANT_ID,
  ]);
  const dept = await client.query<{ id: string }>(
    `insert into dept (tenant_id, name) values ($1, '平台管理') returning id`,
    [PLATFORM_TENANT_ID],
  );
  const deptId = dept.rows[0]?.id;
  if (!deptId) throw new Error('platform department insert returned nothing');
  return deptId;
}
