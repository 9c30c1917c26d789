/** Every key the console keeps in localStorage starts with this, so it never collides with other apps. */
export const STORAGE_PREFIX = 'ws-console-';

export function readItem(key: string): string | null {
  try {
    return localStorage.getItem(STORAGE_PREFIX + key);
  } catch {
    // Storage can be unavailable (privacy modes); the console then simply forgets between visits.
    return null;
  }
}

export function writeItem(key: string, value: string): void {
  try {
    localStorage.setItem(STORAGE_PREFIX + key, value);
  } catch {
    // See readItem.
  }
}

export function removeItem(key: string): void {
  try {
    localStorage.removeItem(STORAGE_PREFIX + key);
  } catch {
    // See readItem.
  }
}

/** A value outside React that components read with useSyncExternalStore. */
export function createStore<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next: T) {
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
