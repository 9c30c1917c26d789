import { calls, Id } from '@ws/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/http/context.js';
import { AppError } from '../../platform/http/errors.js';
import { route } from '../../platform/http/route.js';
import { actorOf } from '../../platform/oplog.js';
import { issueCaptcha } from './captcha/captcha.js';
import { register } from './register.js';
import { rotateSession } from './sessions.js';
import { signIn } from './sign-in.js';
import { signOut } from './sign-out.js';

const clientMeta = (request: FastifyRequest) => ({
  address: request.ip,
  userAgent: request.headers['user-agent'],
});

/** An optional id header (Dept-Id, Role-Id): absent, or a numeric id; anything else is a 400 naming it. */
function idHeader(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  if (value === undefined || value === '') return undefined;
  if (typeof value === 'string' && Id.safeParse(value).success) return value;
  throw new AppError('invalidInput', { zh: `${name}: 必须是数字编号`, en: `${name}: must be a numeric id` });
}

export function registerAuthRoutes(app: FastifyInstance, context: AppContext): void {
  route(app, context, calls.getCaptcha, ({ address }) => issueCaptcha(context.pool, address));

  route(app, context, calls.login, async ({ body, request, audit }) => {
    const pair = await signIn(context, body, clientMeta(request));
    audit(pair.user_info.username, actorOf(pair.user_info));
    return pair;
  });

  route(app, context, calls.logout, async ({ user, audit }) => {
    await signOut(context, user);
    audit(`session of ${user.username}`);
    return null;
  });

  route(app, context, calls.register, async ({ body, request, audit }) => {
    const pair = await register(context, body, clientMeta(request));
    audit(`tenant ${pair.user_info.tenant_id}`, actorOf(pair.user_info));
    return pair;
  });

  for (const call of [calls.refreshToken, calls.refreshTokenAlias]) {
    route(app, context, call, async ({ query, request, audit }) => {
      const tenantHeader = request.headers['tenant-id'];
      const pair = await rotateSession(context, {
        refreshToken: query.refresh_token,
        tenantId:
          query.tenantId ?? (typeof tenantHeader === 'string' && tenantHeader !== '' ? tenantHeader : undefined),
        deptId: idHeader(request, 'Dept-Id'),
        roleId: idHeader(request, 'Role-Id'),
      });
      audit(`dept ${pair.user_info.dept_id}, role ${pair.user_info.role}`, actorOf(pair.user_info));
      return pair;
    });
  }
}
