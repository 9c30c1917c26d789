import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../platform/http/context.js';
import { revokeSession } from './session-repository.js';

/**
 * Ends the caller's sign-in on the server: the session is the token family, so revoking it makes
 * its access token and every refresh token issued in it a 401 at once (both checks read
 * `revoked_at`). The user's other sessions are untouched.
 */
export async function signOut(context: AppContext, user: Principal): Promise<void> {
  await revokeSession(context.pool, user.tenantId, user.sessionId, 'signed out');
}
