import type { Role, UserInfo } from '@ws/contract';
import type pg from 'pg';
import type { Db } from '../../platform/db/pool.js';

export interface UserRecord {
  tenantId: string;
  id: string;
  username: string;
  nickname: string;
  deptId: string;
  roleId: string;
  role: Role;
  mass: number;
  passwordHash: string;
  /** The tenant was disabled by the platform admin (auth/deletecus): its users cannot sign in. */
  tenantDisabled: boolean;
}

const SELECT_USER = `
  select u.tenant_id as "tenantId", u.id, u.username, u.nickname, u.dept_id as "deptId",
         u.role_id as "roleId", r.code as role, u.mass, u.password_hash as "passwordHash",
         t.disabled_at is not null as "tenantDisabled"
    from app_user u join role r on r.id = u.role_id join tenant t on t.id = u.tenant_id`;

export async function findUserByUsername(db: Db, username: string): Promise<UserRecord | undefined> {
  const { rows } = await db.query<UserRecord>(`${SELECT_USER} where lower(u.username) = lower($1)`, [username]);
  return rows[0];
}

export async function findUser(db: Db, tenantId: string, userId: string): Promise<UserRecord | undefined> {
  const { rows } = await db.query<UserRecord>(`${SELECT_USER} where u.tenant_id = $1 and u.id = $2`, [
    tenantId,
    userId,
  ]);
  return rows[0];
}

export interface NewUser {
  tenantId: string;
  username: string;
  passwordHash: string;
  nickname: string;
  deptId: string;
  roleId: string;
  mass: number;
  isOwner: boolean;
  createdBy: string | null;
}

/** Inserts a user with its department and role memberships; undefined when the name is taken. */
export async function insertUser(client: pg.PoolClient, user: NewUser): Promise<string | undefined> {
  const { rows } = await client.query<{ id: string }>(
    `insert into app_user (tenant_id, username, password_hash, nickname, dept_id, role_id, mass, is_owner, created_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     on conflict ((lower(username))) do nothing
     returning id`,
    [
      user.tenantId,
      user.username,
      user.passwordHash,
      user.nickname,
      user.deptId,
      user.roleId,
      user.mass,
      user.isOwner,
      user.createdBy,
    ],
  );
  const id = rows[0]?.id;
  if (id === undefined) return undefined;
  await client.query('insert into user_dept (tenant_id, user_id, dept_id) values ($1, $2, $3)', [
    user.tenantId,
    id,
    user.deptId,
  ]);
  await client.query('insert into user_role (tenant_id, user_id, role_id) values ($1, $2, $3)', [
    user.tenantId,
    id,
    user.roleId,
  ]);
  return id;
}

export async function roleIdOf(db: Db, role: Role): Promise<string> {
  const { rows } = await db.query<{ id: string }>('select id from role where code = $1', [role]);
  const id = rows[0]?.id;
  if (!id) throw new Error(`role ${role} is missing`);
  return id;
}

/** The user as the console sees it, in the department and role of the current session. */
export function toUserInfo(
  user: Pick<UserRecord, 'tenantId' | 'id' | 'username' | 'nickname' | 'mass'>,
  session: { deptId: string; roleId: string; role: Role },
): UserInfo {
  return {
    username: user.username,
    user_id: user.id,
    dept_id: session.deptId,
    role_id: session.roleId,
    role: session.role,
    nickname: user.nickname,
    mass: user.mass,
    tenant_id: user.tenantId,
  };
}
