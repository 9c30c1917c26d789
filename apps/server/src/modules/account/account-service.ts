import type { Language, Role, UserInfo } from '@ws/contract';
import { hashPassword } from '../../platform/auth/password.js';
import type { Principal } from '../../platform/auth/principal.js';
import { withTransaction } from '../../platform/db/pool.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { findUser, toUserInfo } from '../users/user-repository.js';

export function currentUserInfo(user: Principal): UserInfo {
  return toUserInfo({ ...user, id: user.userId }, user);
}

/** Sets a new password and signs out every other session of the user; the current one stays. */
export async function changePassword(context: AppContext, user: Principal, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await withTransaction(context.pool, async (client) => {
    await client.query('update app_user set password_hash = $3, updated_at = now() where tenant_id = $1 and id = $2', [
      user.tenantId,
      user.userId,
      passwordHash,
    ]);
    await client.query(
      `update auth_session set revoked_at = now(), revoked_reason = 'password changed'
        where tenant_id = $1 and user_id = $2 and id <> $3 and revoked_at is null`,
      [user.tenantId, user.userId, user.sessionId],
    );
  });
}

export async function changeNickname(context: AppContext, user: Principal, nickname: string): Promise<UserInfo> {
  await context.pool.query('update app_user set nickname = $3, updated_at = now() where tenant_id = $1 and id = $2', [
    user.tenantId,
    user.userId,
    nickname,
  ]);
  return currentUserInfo({ ...user, nickname });
}

/**
 * The user whose departments or roles are asked for: oneself, or, for operators and admins,
 * any user of their own tenant. Users of other tenants do not exist as far as the caller can tell.
 */
async function visibleUser(context: AppContext, caller: Principal, userId: string) {
  const user = await findUser(context.pool, caller.tenantId, userId);
  if (!user || (caller.role === 'seat' && user.id !== caller.userId)) {
    throw errors.notFound({ zh: '用户', en: 'User' });
  }
  return user;
}

export async function departmentsOf(context: AppContext, caller: Principal, userId: string) {
  const user = await visibleUser(context, caller, userId);
  const { rows } = await context.pool.query<{ id: string; name: string }>(
    `select d.id, d.name from user_dept ud join dept d on d.tenant_id = ud.tenant_id and d.id = ud.dept_id
      where ud.tenant_id = $1 and ud.user_id = $2 order by d.id`,
    [user.tenantId, user.id],
  );
  return rows;
}

export async function rolesOf(context: AppContext, caller: Principal, userId: string, language: Language) {
  const user = await visibleUser(context, caller, userId);
  const { rows } = await context.pool.query<{ id: string; name: string; code: Role }>(
    `select r.id, case when $3 = 'en' then r.name_en else r.name_zh end as name, r.code from user_role ur join role r on r.id = ur.role_id
      where ur.tenant_id = $1 and ur.user_id = $2 order by r.id`,
    [user.tenantId, user.id, language],
  );
  return rows;
}
