import type { Registration, TokenPair } from '@ws/contract';
import { hashPassword } from '../../platform/auth/password.js';
import { withTransaction } from '../../platform/db/pool.js';
import type { AppContext } from '../../platform/http/context.js';
import { findUser, insertUser, roleIdOf } from '../users/user-repository.js';
import { authError } from './auth-error.js';
import { consumeCaptcha } from './captcha/captcha.js';
import { type ClientMeta, openSession } from './sessions.js';
import { createTenant } from './tenant-repository.js';

const usernameTaken = () => authError('conflict', 'username: 用户名已存在', 'username: this user name is taken');

/** A new operator who owns a new tenant, signed in at once. */
export async function register(context: AppContext, request: Registration, meta: ClientMeta): Promise<TokenPair> {
  if (!context.config.registrationOpen) {
    throw authError(
      'forbidden',
      '注册已关闭，请联系平台管理员开通账号',
      'Registration is closed; ask the platform admin for an account',
    );
  }
  if (context.config.captchaEnabled) await consumeCaptcha(context.pool, request.capId, request.capVal);
  const passwordHash = await hashPassword(request.password);
  return withTransaction(context.pool, async (client) => {
    const tenant = await createTenant(client, request.username);
    const userId = await insertUser(client, {
      tenantId: tenant.id,
      username: request.username,
      passwordHash,
      nickname: request.username,
      deptId: tenant.deptId,
      roleId: await roleIdOf(client, 'operator'),
      mass: 1,
      isOwner: true,
      createdBy: null,
    });
    if (!userId) throw usernameTaken();
    const user = await findUser(client, tenant.id, userId);
    if (!user) throw new Error('registered user vanished');
    return openSession(client, context, user, meta);
  });
}
