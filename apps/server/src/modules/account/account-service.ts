import type { Language, UserInfo } from '@ws/contract';
import { hashPassword } from '../../platform/auth/password.js';
import type { Principal } from '../../platform/auth/principal.js';
import { withTransaction } from '../../platform/db/pool.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { publishEvents } from '../../platform/realtime/publish.js';
import { findUser, toUserInfo } from '../users/user-repository.js';
import { selectUserDepartments, selectUserRoles, setNickname, setPassword } from './account-repository.js';

export function currentUserInfo(user: Principal): UserInfo {
  return toUserInfo({ ...user, id: user.userId }, user);
}

/** Sets a new password and signs out every other session of the user; the current one stays. */
export async function changePassword(context: AppContext, user: Principal, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await withTransaction(context.pool, async (client) => {
    const revoked = await setPassword(client, user, passwordHash);
    await publishEvents(
      client,
      revoked.map((sessionId) => ({
        tenantId: user.tenantId,
        users: [user.userId],
        event: { type: 'session.revoked' as const, data: { session_id: sessionId } },
      })),
    );
  });
}

export async function changeNickname(context: AppContext, user: Principal, nickname: string): Promise<UserInfo> {
  await setNickname(context.pool, user.tenantId, user.userId, nickname);
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
  return selectUserDepartments(context.pool, user.tenantId, user.id);
}

export async function rolesOf(context: AppContext, caller: Principal, userId: string, language: Language) {
  const user = await visibleUser(context, caller, userId);
  return selectUserRoles(context.pool, user.tenantId, user.id, language);
}
