import type { Role } from '@ws/contract';
import type { Db } from '../../platform/db/pool.js';

/** A new session (a token family) of the user in a department and role. */
export async function insertSession(
  db: Db,
  session: { tenantId: string; id: string; userId: string; deptId: string; roleId: string },
  meta: { address: string; userAgent: string | undefined },
): Promise<void> {
  await db.query(
    `insert into auth_session (tenant_id, id, user_id, dept_id, role_id, address, user_agent)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [
      session.tenantId,
      session.id,
      session.userId,
      session.deptId,
      session.roleId,
      meta.address,
      meta.userAgent?.slice(0, 300) ?? null,
    ],
  );
}

export async function insertRefreshToken(
  db: Db,
  tenantId: string,
  sessionId: string,
  tokenHash: Buffer,
  ttlSeconds: number,
): Promise<void> {
  await db.query(
    `insert into refresh_token (tenant_id, token_hash, session_id, expires_at)
     values ($1, $2, $3, now() + make_interval(secs => $4))`,
    [tenantId, tokenHash, sessionId, ttlSeconds],
  );
}

export interface RefreshTokenState {
  tenantId: string;
  sessionId: string;
  usedAt: Date | null;
  expired: boolean;
  revoked: boolean;
  userId: string;
  deptId: string;
  roleId: string;
}

/** A refresh token with its session, both locked until the transaction ends. */
export async function lockRefreshToken(db: Db, tokenHash: Buffer): Promise<RefreshTokenState | undefined> {
  const { rows } = await db.query<RefreshTokenState>(
    `select t.tenant_id as "tenantId", t.session_id as "sessionId", t.used_at as "usedAt",
            t.expires_at <= now() as expired, s.revoked_at is not null as revoked,
            s.user_id as "userId", s.dept_id as "deptId", s.role_id as "roleId"
       from refresh_token t
       join auth_session s on s.tenant_id = t.tenant_id and s.id = t.session_id
      where t.token_hash = $1
      for update of t, s`,
    [tokenHash],
  );
  return rows[0];
}

/** Ends a session: its access token and every refresh token of its family answer 401 from now on. */
/** Revokes a live session; false when it was not live. */
export async function revokeSession(db: Db, tenantId: string, sessionId: string, reason: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `update auth_session set revoked_at = now(), revoked_reason = $3
      where tenant_id = $1 and id = $2 and revoked_at is null`,
    [tenantId, sessionId, reason],
  );
  return (rowCount ?? 0) > 0;
}

/** Spends a refresh token and moves its session to the department and role the new pair carries. */
export async function spendRefreshToken(
  db: Db,
  tokenHash: Buffer,
  session: { tenantId: string; sessionId: string; deptId: string; roleId: string },
): Promise<void> {
  await db.query('update refresh_token set used_at = now() where token_hash = $1', [tokenHash]);
  await db.query(
    `update auth_session set dept_id = $3, role_id = $4, refreshed_at = now() where tenant_id = $1 and id = $2`,
    [session.tenantId, session.sessionId, session.deptId, session.roleId],
  );
}

/** Whether the user belongs to the department, and the code of the role when they hold it. */
export async function selectMembership(
  db: Db,
  user: { tenantId: string; id: string },
  deptId: string,
  roleId: string,
): Promise<{ inDept: boolean; role: Role | null } | undefined> {
  const { rows } = await db.query<{ inDept: boolean; role: Role | null }>(
    `select exists (select 1 from user_dept where tenant_id = $1 and user_id = $2 and dept_id = $3) as "inDept",
            (select r.code from user_role ur join role r on r.id = ur.role_id
              where ur.tenant_id = $1 and ur.user_id = $2 and ur.role_id = $4) as role`,
    [user.tenantId, user.id, deptId, roleId],
  );
  return rows[0];
}

/** Removes spent sign-in state: expired captchas, old failure counts, dead tokens and sessions. */
export async function deleteSpentSignInState(db: Db): Promise<void> {
  await db.query('delete from captcha where expires_at < now()');
  await db.query(
    'delete from throttle_counter where window_started_at < now() - make_interval(secs => window_seconds)',
  );
  // Spent refresh tokens stay a day so that a replay is still recognised as reuse.
  await db.query(`delete from refresh_token where expires_at < now() - interval '1 day'`);
  await db.query(`delete from auth_session where revoked_at < now() - interval '30 days'`);
  await db.query(
    `delete from auth_session s where not exists (select 1 from refresh_token t where t.tenant_id = s.tenant_id and t.session_id = s.id)
       and s.refreshed_at < now() - interval '1 day'`,
  );
}
