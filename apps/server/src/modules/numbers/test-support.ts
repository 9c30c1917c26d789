/** Fixtures of the numbers tests: tenants with an operator, extra users, tags, IPs and numbers. */
import { randomBytes } from 'node:crypto';
import type { Role } from '@ws/contract';
import { hashPassword } from '../../platform/auth/password.js';
import { PLATFORM_TENANT_ID } from '../../platform/bootstrap-admin.js';
import { withTransaction } from '../../platform/db/pool.js';
import type { TestApp } from '../../test/test-app.js';
import { seedNumber } from '../../test/whatsapp-fixtures.js';
import type { NumberConnection } from '../../whatsapp/numbers/connect-number.js';
import { insertUser, roleIdOf } from '../users/user-repository.js';

export interface TenantOperator {
  tenantId: string;
  userId: string;
  token: string;
}

export async function tenantOperator(t: TestApp): Promise<TenantOperator> {
  const pair = await t.registerOperator();
  return { tenantId: pair.user_info.tenant_id, userId: pair.user_info.user_id, token: pair.access_token };
}

const USER_PASSWORD = 'user-pass-1234';
let passwordHash: Promise<string> | undefined;

/** Another user of the tenant with the given role, signed in. */
export async function addUser(t: TestApp, tenantId: string, role: Role): Promise<{ userId: string; token: string }> {
  passwordHash ??= hashPassword(USER_PASSWORD);
  const username = `${role}_${randomBytes(4).toString('hex')}`;
  const hash = await passwordHash;
  const userId = await withTransaction(t.pool, async (client) => {
    const dept = await client.query<{ id: string }>('select id from dept where tenant_id = $1 order by id limit 1', [
      tenantId,
    ]);
    return insertUser(client, {
      tenantId,
      username,
      passwordHash: hash,
      nickname: `${role} user`,
      deptId: dept.rows[0]?.id as string,
      roleId: await roleIdOf(client, role),
      mass: 0,
      isOwner: false,
      createdBy: null,
    });
  });
  const pair = await t.signIn(username, USER_PASSWORD);
  return { userId: userId as string, token: pair.access_token };
}

export async function addTag(t: TestApp, tenantId: string, name: string, kind = 'number'): Promise<string> {
  const { rows } = await t.pool.query<{ id: string }>(
    `insert into tag (tenant_id, kind, name, color) values ($1, $2, $3, '#1677ff') returning id`,
    [tenantId, kind, name],
  );
  return rows[0]?.id as string;
}

/** An egress IP of the tenant, or a system IP when tenantId is the platform's. */
export async function addIp(
  t: TestApp,
  tenantId: string = PLATFORM_TENANT_ID,
  options: { enabled?: boolean } = {},
): Promise<string> {
  const { rows } = await t.pool.query<{ id: string }>(
    `insert into egress_ip (tenant_id, host, port, enabled) values ($1, $2, 3128, $3) returning id`,
    [tenantId, `10.0.${randomBytes(1)[0]}.${randomBytes(1)[0]}`, options.enabled ?? true],
  );
  return rows[0]?.id as string;
}

export async function addNumber(t: TestApp, tenantId: string, overrides: Partial<NumberConnection> = {}) {
  const { numberId } = await seedNumber(t.pool, t.context.whatsapp, tenantId, overrides);
  return numberId;
}

/** The call's reply data, failing loudly when the call did not succeed. */
export async function ok(t: TestApp, path: string, token: string, body: unknown) {
  const reply = await t.post(path, { token, body });
  if (reply.status !== 200) throw new Error(`${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body.data;
}
