import type { TokenPair, UserInfo } from '@ws/contract';
import { useSyncExternalStore } from 'react';
import { createStore, readItem, removeItem, writeItem } from '../storage.js';

export interface Session {
  accessToken: string;
  refreshToken: string;
  user: UserInfo;
}

const KEYS = { access: 'token', refresh: 'refresh-token', user: 'user-info' } as const;

function load(): Session | null {
  const accessToken = readItem(KEYS.access);
  const refreshToken = readItem(KEYS.refresh);
  const userJson = readItem(KEYS.user);
  if (!accessToken || !refreshToken || !userJson) return null;
  try {
    return { accessToken, refreshToken, user: JSON.parse(userJson) as UserInfo };
  } catch {
    return null;
  }
}

const store = createStore<Session | null>(load());

export const currentSession = store.get;

export function saveSession(pair: TokenPair): void {
  writeItem(KEYS.access, pair.access_token);
  writeItem(KEYS.refresh, pair.refresh_token);
  writeItem(KEYS.user, JSON.stringify(pair.user_info));
  store.set({ accessToken: pair.access_token, refreshToken: pair.refresh_token, user: pair.user_info });
}

/** Keeps the tokens, replaces what is known about the user (after a user-info call). */
export function updateUser(user: UserInfo): void {
  const session = store.get();
  if (!session) return;
  writeItem(KEYS.user, JSON.stringify(user));
  store.set({ ...session, user });
}

export function clearSession(): void {
  for (const key of Object.values(KEYS)) removeItem(key);
  store.set(null);
}

export function useSession(): Session | null {
  return useSyncExternalStore(store.subscribe, store.get);
}

// Another tab signing in or out changes the same storage; follow it so both tabs agree.
window.addEventListener('storage', (event) => {
  if (event.key === null || event.key.endsWith(KEYS.access) || event.key.endsWith(KEYS.user)) store.set(load());
});
