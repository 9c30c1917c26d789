import { calls } from '@ws/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/http/context.js';
import { route } from '../../platform/http/route.js';
import { changeNickname, changePassword, currentUserInfo, departmentsOf, rolesOf } from './account-service.js';

export function registerAccountRoutes(app: FastifyInstance, context: AppContext): void {
  route(app, context, calls.userInfo, async ({ user }) => currentUserInfo(user));

  route(app, context, calls.changePassword, async ({ user, body, audit }) => {
    await changePassword(context, user, body.password);
    audit(`user ${user.username}`);
    return null;
  });

  route(app, context, calls.changeNickname, async ({ user, body, audit }) => {
    audit(`user ${user.username}`);
    return changeNickname(context, user, body.nickname);
  });

  route(app, context, calls.deptSelect, ({ user, query }) => departmentsOf(context, user, query.userId));
  route(app, context, calls.roleSelect, ({ user, query, language }) => rolesOf(context, user, query.userId, language));
}
