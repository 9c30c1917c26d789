import { calls, type TokenPair } from '@ws/contract';
import { callApi } from '../api/client.js';
import { navigateTo } from '../app/navigation.js';
import { queryClient } from '../app/query-client.js';
import { lockActions } from '../shell/lock/lock-store.js';
import { tabsActions } from '../shell/tabs/tabs-store.js';
import { clearTokens, currentSession, saveTokens } from './session-store.js';

/** What sign-in and registration do with a token pair (specification section 4). */
export function startSession(pair: TokenPair): void {
  saveTokens(pair);
  tabsActions.reset();
  lockActions.clear();
}

/**
 * Logout and forced logout: forget the tokens (storage and cookies), the user, cached data, the
 * tabs and the lock, then show the sign-in page. Only then is the server told to revoke the
 * session, so the local sign-out never waits for the call nor depends on it succeeding.
 */
export function endSession(): void {
  const accessToken = currentSession()?.accessToken;
  clearTokens();
  tabsActions.reset();
  lockActions.clear();
  queryClient.clear();
  navigateTo('/login', { replace: true });
  if (accessToken) revokeOnServer(accessToken);
}

/** Revokes the session's token family on the server (POST /api/auth/logout) with the token just forgotten. */
function revokeOnServer(accessToken: string): void {
  callApi(calls.logout, { silent: true, headers: { token: accessToken } }).catch(() => {
    // A forced logout's token is usually dead already (401), or the network is down: the tokens are
    // gone from this browser either way, and the family expires on the server by itself.
  });
}
