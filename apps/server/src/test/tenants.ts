/** Fixtures of the module tests: tenants with their users, numbers and tags, straight in the database. */
import { randomBytes } from 'node:crypto';
import type { Role, TagKind, TokenPair } from '@ws/contract';
import { beforeAll } from 'vitest';
import { insertUser, roleIdOf } from '../modules/users/user-repository.js';
import { hashPassword } from '../platform/auth/password.js';
import { withTransaction } from '../platform/db/pool.js';
import type { NumberConnection } from '../whatsapp/numbers/connect-number.js';
import type { TestApp } from './test-app.js';
import { seedNumber } from './whatsapp-fixtures.js';

/** A signed-in user and the ids the tests use most. */
export interface SignedIn {
  session: TokenPair;
  tenantId: string;
  userId: string;
  /** The session's access token. */
  token: string;
}

const signedIn = (session: TokenPair): SignedIn => ({
  session,
  tenantId: session.user_info.tenant_id,
  userId: session.user_info.user_id,
  token: session.access_token,
});

/** The operator who registered a tenant of their own (its owner), signed in. */
export async function tenantOperator(t: TestApp, username?: string): Promise<SignedIn> {
  return signedIn(await t.registerOperator(username));
}

const USER_PASSWORD = 'user-pass-1234';
let passwordHash: Promise<string> | undefined;

/** Another user of the tenant (in its department) with the given role, signed in; the nickname is "<role> user". */
export async function signedInUser(t: TestApp, tenantId: string, role: Role): Promise<SignedIn> {
  passwordHash ??= hashPassword(USER_PASSWORD);
  const username = `${role}_${randomBytes(4).toString('hex')}`;
  const hash = await passwordHash;
  await withTransaction(t.pool, async (client) => {
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
  return signedIn(await t.signIn(username, USER_PASSWORD));
}

/** A seat (an agent) of the tenant, signed in: the calls for admins and operators refuse it. */
export function signedInSeat(t: TestApp, tenantId: string): Promise<SignedIn> {
  return signedInUser(t, tenantId, 'seat');
}

export interface Tenants {
  /** Tenant A's operator (its owner): the caller of most tests. */
  a: SignedIn;
  /** Tenant B's operator: what is B's, A never sees, and the other way round. */
  b: SignedIn;
  /** A seat of tenant A: the calls for admins and operators refuse it. */
  seat: SignedIn;
}

/**
 * Tenants A and B with their operators and a seat of A, made before the file's tests (after the
 * app's own hook: call it after useTestApp). The objects are filled then, so they may be
 * destructured at once. With a prefix, the operators are called `<prefix>_a` and `<prefix>_b`.
 */
export function useTenants(t: TestApp, prefix?: string): Tenants {
  const tenants: Tenants = { a: {} as SignedIn, b: {} as SignedIn, seat: {} as SignedIn };
  beforeAll(async () => {
    Object.assign(tenants.a, await tenantOperator(t, prefix ? `${prefix}_a` : undefined));
    Object.assign(tenants.b, await tenantOperator(t, prefix ? `${prefix}_b` : undefined));
    Object.assign(tenants.seat, await signedInSeat(t, tenants.a.tenantId));
  });
  return tenants;
}

/** A number of the tenant (see seedNumber); its id. */
export async function addNumber(t: TestApp, tenantId: string, overrides: Partial<NumberConnection> = {}) {
  return (await seedNumber(t.pool, t.context.whatsapp, tenantId, overrides)).numberId;
}

/** A tag of the tenant, coloured #296EFF; its id. */
export async function addTag(t: TestApp, tenantId: string, name: string, kind: TagKind): Promise<string> {
  const { rows } = await t.pool.query<{ id: string }>(
    `insert into tag (tenant_id, kind, name, color) values ($1, $2, $3, '#296EFF') returning id`,
    [tenantId, kind, name],
  );
  return rows[0]?.id as string;
}
