import { createPersistedStore, useStore } from '@ws/web-kit/storage';

/**
 * The screen lock. It keeps a passer-by out of an unattended console; it is not an account
 * credential, so it lives in this browser only. The password is kept as a SHA-256 digest where the
 * browser offers Web Crypto (secure contexts: https and localhost), else as given.
 */
const lockedStore = createPersistedStore<boolean>('locked', false);
const passwordStore = createPersistedStore<string>('lock-password', '');
/** The page that was open when the screen locked, to return to on unlock. */
const returnStore = createPersistedStore<string>('lock-return', '/');

async function digest(password: string): Promise<string> {
  if (!globalThis.crypto?.subtle) return `plain:${password}`;
  const bytes = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`ws-console-lock:${password}`));
  return `sha256:${Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

export const lockActions = {
  hasPassword: () => passwordStore.get() !== '',
  async setPassword(password: string): Promise<void> {
    passwordStore.set(await digest(password));
  },
  lock(returnTo: string) {
    returnStore.set(returnTo);
    lockedStore.set(true);
  },
  returnPath: () => returnStore.get(),
  /** True, and the screen unlocked, when the password matches. */
  async unlock(password: string): Promise<boolean> {
    const matches = passwordStore.get() !== '' && (await digest(password)) === passwordStore.get();
    if (matches) lockedStore.set(false);
    return matches;
  },
  /** Sign-in and logout forget the lock and its password. */
  clear() {
    lockedStore.reset();
    passwordStore.reset();
    returnStore.reset();
  },
};

export const isLocked = lockedStore.get;

export function useLocked(): boolean {
  return useStore(lockedStore);
}
