import type { Credentials, TokenPair } from '@ws/contract';
import { verifyPassword } from '../../platform/auth/password.js';
import { withTransaction } from '../../platform/db/pool.js';
import type { AppContext } from '../../platform/http/context.js';
import { findUserByUsername } from '../users/user-repository.js';
import { authError } from './auth-error.js';
import { consumeCaptcha } from './captcha/captcha.js';
import { type ClientMeta, openSession } from './sessions.js';
import { assertLoginAllowed, clearLoginFailures, recordLoginFailure } from './throttle.js';

const wrongCredentials = () => authError('invalidInput', '用户名或密码错误', 'Wrong user name or password');

/** Throttle, captcha, password, then a new session. Every failure answers without a token. */
export async function signIn(context: AppContext, request: Credentials, meta: ClientMeta): Promise<TokenPair> {
  await assertLoginAllowed(context.pool, request.username, meta.address);
  if (context.config.captchaEnabled) await consumeCaptcha(context.pool, request.capId, request.capVal);
  const user = await findUserByUsername(context.pool, request.username);
  if (!(await verifyPassword(user?.passwordHash, request.password)) || !user) {
    await recordLoginFailure(context.pool, request.username, meta.address);
    context.logger.warn({ username: request.username, address: meta.address }, 'failed sign-in');
    throw wrongCredentials();
  }
  await clearLoginFailures(context.pool, request.username);
  if (user.tenantDisabled) {
    throw authError('forbidden', '账号已停用，请联系平台管理员', 'This account is disabled; ask the platform admin');
  }
  return withTransaction(context.pool, (client) => openSession(client, context, user, meta));
}
