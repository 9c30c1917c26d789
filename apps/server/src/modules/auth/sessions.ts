import { randomUUID } from 'node:crypto';
import type { Role, TokenPair } from '@ws/contract';
import type pg from 'pg';
import { hashRefreshToken, newRefreshToken } from '../../platform/auth/tokens.js';
import { withTransaction } from '../../platform/db/pool.js';
import type { AppContext } from '../../platform/http/context.js';
import { AppError, errors } from '../../platform/http/errors.js';
import { findUser, toUserInfo, type UserRecord } from '../users/user-repository.js';
import {
  insertRefreshToken,
  insertSession,
  lockRefreshToken,
  revokeSession,
  selectMembership,
  spendRefreshToken,
} from './session-repository.js';

export interface ClientMeta {
  address: string;
  userAgent: string | undefined;
}

/** Starts a token family for a user who just proved who they are. */
export async function openSession(
  client: pg.PoolClient,
  context: AppContext,
  user: UserRecord,
  meta: ClientMeta,
): Promise<TokenPair> {
  const sessionId = randomUUID();
  await insertSession(
    client,
    { tenantId: user.tenantId, id: sessionId, userId: user.id, deptId: user.deptId, roleId: user.roleId },
    meta,
  );
  return issuePair(client, context, user, { sessionId, deptId: user.deptId, roleId: user.roleId, role: user.role });
}

interface SessionState {
  sessionId: string;
  deptId: string;
  roleId: string;
  role: Role;
}

async function issuePair(client: pg.PoolClient, context: AppContext, user: UserRecord, session: SessionState) {
  const refresh = newRefreshToken();
  await insertRefreshToken(client, user.tenantId, session.sessionId, refresh.hash, context.config.REFRESH_TOKEN_TTL);
  return {
    access_token: context.tokens.signAccess({ sub: user.id, tid: user.tenantId, sid: session.sessionId }),
    refresh_token: refresh.token,
    token_type: 'bearer' as const,
    expires_in: context.tokens.accessTtlSeconds,
    user_info: toUserInfo(user, session),
  };
}

export interface RotateRequest {
  refreshToken: string;
  tenantId: string | undefined;
  /** From the Dept-Id and Role-Id headers: switch the session to this department or role. */
  deptId: string | undefined;
  roleId: string | undefined;
}

const invalidRefresh = () => errors.notSignedIn();

/**
 * Rotates a refresh token: it is spent and a new pair is issued in the same family. A token
 * presented a second time means it leaked, so the whole family is revoked.
 */
export async function rotateSession(context: AppContext, request: RotateRequest): Promise<TokenPair> {
  const outcome = await withTransaction(context.pool, async (client) => {
    const tokenHash = hashRefreshToken(request.refreshToken);
    const found = await lockRefreshToken(client, tokenHash);
    if (!found || found.revoked || found.expired) return { kind: 'invalid' as const };
    if (request.tenantId !== undefined && request.tenantId !== found.tenantId) return { kind: 'invalid' as const };
    if (found.usedAt) {
      await revokeSession(client, found.tenantId, found.sessionId, 'refresh token reused');
      return { kind: 'reused' as const };
    }
    const user = await findUser(client, found.tenantId, found.userId);
    if (!user) return { kind: 'invalid' as const };
    const deptId = request.deptId ?? found.deptId;
    const roleId = request.roleId ?? found.roleId;
    const role = await membershipRole(client, user, deptId, roleId);
    await spendRefreshToken(client, tokenHash, {
      tenantId: found.tenantId,
      sessionId: found.sessionId,
      deptId,
      roleId,
    });
    return {
      kind: 'issued' as const,
      pair: await issuePair(client, context, user, { sessionId: found.sessionId, deptId, roleId, role }),
    };
  });
  if (outcome.kind === 'reused') {
    context.logger.warn({ tenantId: request.tenantId }, 'refresh token reused: token family revoked');
    throw invalidRefresh();
  }
  if (outcome.kind === 'invalid') throw invalidRefresh();
  return outcome.pair;
}

/** The role code when the user belongs to the department and holds the role; a 403 otherwise. */
async function membershipRole(client: pg.PoolClient, user: UserRecord, deptId: string, roleId: string): Promise<Role> {
  const row = await selectMembership(client, user, deptId, roleId);
  if (!row?.inDept) {
    throw new AppError('forbidden', {
      zh: 'Dept-Id: 您不属于该部门',
      en: 'Dept-Id: you do not belong to this department',
    });
  }
  if (!row.role)
    throw new AppError('forbidden', { zh: 'Role-Id: 您没有该角色', en: 'Role-Id: you do not hold this role' });
  return row.role;
}
