import type { TokenPair } from '@ws/contract';
import { navigateTo } from '../app/navigation.js';
import { queryClient } from '../app/query-client.js';
import { lockActions } from '../shell/lock/lock-store.js';
import { tabsActions } from '../shell/tabs/tabs-store.js';
import { clearTokens, saveTokens } from './session-store.js';

/** What sign-in and registration do with a token pair (specification section 4). */
export function startSession(pair: TokenPair): void {
  saveTokens(pair);
  tabsActions.reset();
  lockActions.clear();
}

/**
 * Logout and forced logout: forget the tokens (storage and cookies), the user, cached data, the
 * tabs and the lock, then show the sign-in page.
 */
export function endSession(): void {
  clearTokens();
  tabsActions.reset();
  lockActions.clear();
  queryClient.clear();
  navigateTo('/login', { replace: true });
}
