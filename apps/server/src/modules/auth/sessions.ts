import { randomUUID } from 'node:crypto';
import type { Role, TokenPair } from '@ws/contract';
import type pg from 'pg';
import { hashRefreshToken, newRefreshToken } from '../../platform/auth/tokens.js';
import { withTransaction } from '../../platform/db/pool.js';
import type { AppContext } from '../../platform/http/context.js';
import { AppError, errors } from '../../platform/http/errors.js';
import { findUser, toUserInfo, type UserRecord } from '../users/user-repository.js';

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
  await client.query(
    `insert into auth_session (tenant_id, id, user_id, dept_id, role_id, address, user_agent)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [user.tenantId, sessionId, user.id, user.deptId, user.roleId, meta.address, meta.userAgent?.slice(0, 300) ?? null],
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
  await client.query(
    `insert into refresh_token (tenant_id, token_hash, session_id, expires_at)
     values ($1, $2, $3, now() + make_interval(secs => $4))`,
    [user.tenantId, refresh.hash, session.sessionId, context.config.REFRESH_TOKEN_TTL],
  );
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
    const { rows } = await client.query<{
      tenantId: string;
      sessionId: string;
      usedAt: Date | null;
      expired: boolean;
      revoked: boolean;
      userId: string;
      deptId: string;
      roleId: string;
    }>(
      `select t.tenant_id as "tenantId", t.session_id as "sessionId", t.used_at as "usedAt",
              t.expires_at <= now() as expired, s.revoked_at is not null as revoked,
              s.user_id as "userId", s.dept_id as "deptId", s.role_id as "roleId"
         from refresh_token t
         join auth_session s on s.tenant_id = t.tenant_id and s.id = t.session_id
        where t.token_hash = $1
        for update of t, s`,
      [hashRefreshToken(request.refreshToken)],
    );
    const found = rows[0];
    if (!found || found.revoked || found.expired) return { kind: 'invalid' as const };
    if (request.tenantId !== undefined && request.tenantId !== found.tenantId) return { kind: 'invalid' as const };
    if (found.usedAt) {
      await client.query(
        `update auth_session set revoked_at = now(), revoked_reason = 'refresh token reused'
          where tenant_id = $1 and id = $2`,
        [found.tenantId, found.sessionId],
      );
      return { kind: 'reused' as const };
    }
    const user = await findUser(client, found.tenantId, found.userId);
    if (!user) return { kind: 'invalid' as const };
    const deptId = request.deptId ?? found.deptId;
    const roleId = request.roleId ?? found.roleId;
    const role = await membershipRole(client, user, deptId, roleId);
    await client.query('update refresh_token set used_at = now() where token_hash = $1', [
      hashRefreshToken(request.refreshToken),
    ]);
    await client.query(
      `update auth_session set dept_id = $3, role_id = $4, refreshed_at = now() where tenant_id = $1 and id = $2`,
      [found.tenantId, found.sessionId, deptId, roleId],
    );
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
  const { rows } = await client.query<{ inDept: boolean; role: Role | null }>(
    `select exists (select 1 from user_dept where tenant_id = $1 and user_id = $2 and dept_id = $3) as "inDept",
            (select r.code from user_role ur join role r on r.id = ur.role_id
              where ur.tenant_id = $1 and ur.user_id = $2 and ur.role_id = $4) as role`,
    [user.tenantId, user.id, deptId, roleId],
  );
  const row = rows[0];
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
