import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { hashPassword } from '../../platform/auth/password.js';
import { withTransaction } from '../../platform/db/pool.js';
import { ADMIN_USERNAME, PLATFORM_TENANT_ID } from '../../platform/tenants.js';
import { anyAdminExists, insertPlatformTenant, lockPlatformAdminSetUp } from './platform-admin-repository.js';
import { findUserByUsername, insertUser, roleIdOf } from './user-repository.js';

/**
 * On the first start, creates the platform tenant and its admin. The password comes from
 * ADMIN_PASSWORD or is generated and returned so that it can be shown once; later starts
 * change nothing.
 */
export async function ensurePlatformAdmin(
  pool: pg.Pool,
  configuredPassword: string | undefined,
): Promise<{ generatedPassword?: string; created: boolean }> {
  return withTransaction(pool, async (client) => {
    await lockPlatformAdminSetUp(client);
    if (await anyAdminExists(client)) return { created: false };
    if (await findUserByUsername(client, ADMIN_USERNAME)) {
      throw new Error(
        `the user name "${ADMIN_USERNAME}" is taken by a non-admin user; cannot create the platform admin`,
      );
    }
    const password = configuredPassword ?? randomBytes(12).toString('base64url');
    const deptId = await insertPlatformTenant(client);
    await insertUser(client, {
      tenantId: PLATFORM_TENANT_ID,
      username: ADMIN_USERNAME,
      passwordHash: await hashPassword(password),
      nickname: '平台管理员',
      deptId,
      roleId: await roleIdOf(client, 'admin'),
      mass: 1,
      isOwner: true,
      createdBy: null,
    });
    return configuredPassword ? { created: true } : { created: true, generatedPassword: password };
  });
}
