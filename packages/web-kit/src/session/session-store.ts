import type { TokenPair, UserInfo } from '@ws/contract';
import { removeCookie, setCookie } from '../storage/cookies.js';
import {
  createStore,
  loadEntry,
  loadItem,
  removeItem,
  STORAGE_PREFIX,
  saveItem,
  useStore,
} from '../storage/storage.js';

export interface Session {
  accessToken: string;
  refreshToken: string;
  /** When the access token was issued here (ms since the epoch): its age decides the refresh. */
  issuedAt: number;
  user: UserInfo;
}

const KEYS = { access: 'token', refresh: 'refresh-token', user: 'user-info' } as const;
const COOKIES = { access: `${STORAGE_PREFIX}access-token`, refresh: `${STORAGE_PREFIX}refresh-token` } as const;

/**
 * What storage holds: a whole session, nothing, or a user without a token, which the guard treats
 * as a forced logout (the token was removed, by hand or by another tab).
 */
function load(): Session | null {
  const access = loadEntry<string>(KEYS.access);
  const refreshToken = loadItem<string>(KEYS.refresh);
  const user = loadItem<UserInfo>(KEYS.user);
  if (!access || typeof access.content !== 'string' || !refreshToken || !user) return null;
  return { accessToken: access.content, refreshToken, issuedAt: access.datetime, user };
}

const store = createStore<Session | null>(load());

export const currentSession = store.get;

/** Whether storage still has user info while the token is gone: the guard then forces a logout. */
export function tokenMissing(): boolean {
  return store.get() === null && loadItem<UserInfo>(KEYS.user) !== undefined;
}

export function saveTokens(pair: TokenPair, now = Date.now()): void {
  saveItem(KEYS.access, pair.access_token, now);
  saveItem(KEYS.refresh, pair.refresh_token, now);
  saveItem(KEYS.user, pair.user_info, now);
  // The cookies live as long as the refresh token could; the server is the judge of validity.
  setCookie(COOKIES.access, pair.access_token, pair.expires_in);
  setCookie(COOKIES.refresh, pair.refresh_token);
  store.set({ accessToken: pair.access_token, refreshToken: pair.refresh_token, issuedAt: now, user: pair.user_info });
}

/** Keeps the tokens, replaces what is known about the user (after a user-info call). */
export function updateUser(user: UserInfo): void {
  const session = store.get();
  if (!session) return;
  saveItem(KEYS.user, user);
  store.set({ ...session, user });
}

/** Forgets the tokens and the user, in storage and in both cookies. */
export function clearTokens(): void {
  for (const key of Object.values(KEYS)) removeItem(key);
  removeCookie(COOKIES.access);
  removeCookie(COOKIES.refresh);
  store.set(null);
}

export function useSession(): Session | null {
  return useStore(store);
}

// Another tab signing in, refreshing or out changes the same storage; follow it so both agree.
window.addEventListener('storage', (event) => {
  if (event.key === null || Object.values(KEYS).some((key) => event.key === STORAGE_PREFIX + key)) store.set(load());
});
