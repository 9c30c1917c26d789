import type { Role } from '@ws/contract';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import { prepared } from '../db/pool.js';
import type { TokenCodec } from './tokens.js';

/** The signed-in caller, loaded fresh for every call so that revocation and role changes apply at once. */
export interface Principal {
  userId: string;
  tenantId: string;
  sessionId: string;
  deptId: string;
  roleId: string;
  role: Role;
  username: string;
  nickname: string;
  mass: number;
  /** The tenant's expiry has passed (tenant.expires_at): its users may read but not change anything. */
  tenantExpired: boolean;
}

/** The token from the `token` header, or from `Blade-Auth: bearer <token>`. */
export function tokenFrom(request: FastifyRequest): string | undefined {
  const direct = request.headers.token;
  if (typeof direct === 'string' && direct.length > 0) return direct;
  const blade = request.headers['blade-auth'];
  if (typeof blade === 'string') {
    const match = /^bearer\s+(\S+)$/i.exec(blade.trim());
    if (match) return match[1];
  }
  return undefined;
}

export async function loadPrincipal(pool: pg.Pool, tokens: TokenCodec, token: string): Promise<Principal | undefined> {
  const claims = tokens.verifyAccess(token);
  if (!claims) return undefined;
  const { rows } = await pool.query<Principal>(
    prepared(
      `select u.id as "userId", u.tenant_id as "tenantId", s.id as "sessionId", s.dept_id as "deptId",
            s.role_id as "roleId", r.code as role, u.username, u.nickname, u.mass,
            coalesce(t.expires_at <= now(), false) as "tenantExpired"
       from auth_session s
       join app_user u on u.tenant_id = s.tenant_id and u.id = s.user_id
       join role r on r.id = s.role_id
       join tenant t on t.id = s.tenant_id
      where s.tenant_id = $1 and s.id = $2 and s.user_id = $3 and s.revoked_at is null and t.disabled_at is null`,
      [claims.tid, claims.sid, claims.sub],
    ),
  );
  return rows[0];
}
