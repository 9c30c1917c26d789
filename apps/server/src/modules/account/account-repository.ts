import type { Language, Role } from '@ws/contract';
import type pg from 'pg';
import type { Db } from '../../platform/db/pool.js';

/** Stores the new password hash and revokes every other session of the user (in the caller's transaction); returns their ids. */
export async function setPassword(
  client: pg.PoolClient,
  user: { tenantId: string; userId: string; sessionId: string },
  passwordHash: string,
): Promise<string[]> {
  await client.query('update app_user set password_hash = $3, updated_at = now() where tenant_id = $1 and id = $2', [
    user.tenantId,
    user.userId,
    passwordHash,
  ]);
  const { rows } = await client.query<{ id: string }>(
    `update auth_session set revoked_at = now(), revoked_reason = 'password changed'
      where tenant_id = $1 and user_id = $2 and id <> $3 and revoked_at is null
     returning id::text`,
    [user.tenantId, user.userId, user.sessionId],
  );
  return rows.map((row) => row.id);
}

export async function setNickname(db: Db, tenantId: string, userId: string, nickname: string): Promise<void> {
  await db.query('update app_user set nickname = $3, updated_at = now() where tenant_id = $1 and id = $2', [
    tenantId,
    userId,
    nickname,
  ]);
}

/** The departments a user belongs to. */
export async function selectUserDepartments(db: Db, tenantId: string, userId: string) {
  const { rows } = await db.query<{ id: string; name: string }>(
    `select d.id, d.name from user_dept ud join dept d on d.tenant_id = ud.tenant_id and d.id = ud.dept_id
      where ud.tenant_id = $1 and ud.user_id = $2 order by d.id`,
    [tenantId, userId],
  );
  return rows;
}

/** The roles a user holds, named in the caller's language. */
export async function selectUserRoles(db: Db, tenantId: string, userId: string, language: Language) {
  const { rows } = await db.query<{ id: string; name: string; code: Role }>(
    `select r.id, case when $3 = 'en' then r.name_en else r.name_zh end as name, r.code from user_role ur join role r on r.id = ur.role_id
      where ur.tenant_id = $1 and ur.user_id = $2 order by r.id`,
    [tenantId, userId, language],
  );
  return rows;
}
