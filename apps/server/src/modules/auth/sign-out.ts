import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../platform/http/context.js';

/**
 * Ends the caller's sign-in on the server: the session is the token family, so revoking it makes
 * its access token and every refresh token issued in it a 401 at once (both checks read
 * `revoked_at`). The user's other sessions are untouched.
 */
export async function signOut(context: AppContext, user: Principal): Promise<void> {
  await context.pool.query(
    `update auth_session set revoked_at = now(), revoked_reason = 'signed out'
      where tenant_id = $1 and id = $2 and revoked_at is null`,
    [user.tenantId, user.sessionId],
  );
}
