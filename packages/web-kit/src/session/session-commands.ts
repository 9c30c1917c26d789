import { calls, type TokenPair } from '@ws/contract';
import { callApi } from '../api/client.js';
import { queryClient } from '../api/query-client.js';
import { navigateTo } from './navigation.js';
import { clearTokens, currentSession, saveTokens } from './session-store.js';

const listeners = new Set<() => void>();

/**
 * What an app forgets of its own when someone signs in or out (the console's tabs and lock screen).
 * Registered once when the app starts; returns the way to unregister.
 */
export function onSessionChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function notifyChange(): void {
  for (const listener of listeners) listener();
}

/** What sign-in and registration do with a token pair (specification section 4). */
export function startSession(pair: TokenPair): void {
  saveTokens(pair);
  notifyChange();
}

/**
 * Logout and forced logout: forget the tokens (storage and cookies), the user, cached data and
 * what the app keeps per session (`onSessionChange`), then show the sign-in page. Only then is the
 * server told to revoke the session, so the local sign-out never waits for the call nor depends on
 * it succeeding.
 */
export function endSession(): void {
  const accessToken = currentSession()?.accessToken;
  clearTokens();
  notifyChange();
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
