import type { Principal } from '../../platform/auth/principal.js';
import { withTransaction } from '../../platform/db/pool.js';
import type { AppContext } from '../../platform/http/context.js';
import { publishEvents } from '../../platform/realtime/publish.js';
import { revokeSession } from './session-repository.js';

/**
 * Ends the caller's sign-in on the server: the session is the token family, so revoking it makes
 * its access token and every refresh token issued in it a 401 at once (both checks read
 * `revoked_at`), and its realtime sockets are closed (`session.revoked`). The user's other
 * sessions are untouched.
 */
export async function signOut(context: AppContext, user: Principal): Promise<void> {
  await withTransaction(context.pool, async (client) => {
    if (!(await revokeSession(client, user.tenantId, user.sessionId, 'signed out'))) return;
    await publishEvents(client, [
      {
        tenantId: user.tenantId,
        users: [user.userId],
        event: { type: 'session.revoked', data: { session_id: user.sessionId } },
      },
    ]);
  });
}
