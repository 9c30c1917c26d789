import { useSyncExternalStore } from 'react';

/**
 * The front ends' persistent storage. Every key starts with one prefix, so the product never collides
 * with other apps on the same origin, and every value is kept as `{type, content, datetime}`:
 * reading restores the type, and the save time tells how old a value is (the token's age). The
 * console and the seat client share the origin, so they share the prefix and with it the session;
 * the seat client's own keys start with `client-` so the two apps never read each other's.
 */
export const STORAGE_PREFIX = 'ws-console-';

export type StoredType = 'string' | 'number' | 'boolean' | 'object';

export interface StoredValue<T> {
  type: StoredType;
  content: T;
  /** When the value was saved, in milliseconds since the epoch. */
  datetime: number;
}

function typeOf(value: unknown): StoredType {
  const type = typeof value;
  return type === 'string' || type === 'number' || type === 'boolean' ? type : 'object';
}

function conforms(value: unknown, type: StoredType): boolean {
  return type === 'object' ? typeof value === 'object' && value !== null : typeof value === type;
}

/** Saves a value with its type and the time it was saved. */
export function saveItem<T extends string | number | boolean | object>(key: string, content: T, now = Date.now()) {
  const stored: StoredValue<T> = { type: typeOf(content), content, datetime: now };
  try {
    localStorage.setItem(STORAGE_PREFIX + key, JSON.stringify(stored));
  } catch {
    // Storage can be unavailable or full (privacy modes); the app then forgets between visits.
  }
}

/**
 * Reads a value and its save time. Anything that is not a well-formed stored value (edited by
 * hand, left by an older version) reads as absent rather than breaking the app.
 */
export function loadEntry<T>(key: string): StoredValue<T> | undefined {
  let raw: string | null;
  try {
    raw = localStorage.getItem(STORAGE_PREFIX + key);
  } catch {
    return undefined;
  }
  if (raw === null) return undefined;
  try {
    const parsed = JSON.parse(raw) as Partial<StoredValue<T>> | null;
    if (!parsed || typeof parsed !== 'object' || typeof parsed.datetime !== 'number') return undefined;
    const { type, content } = parsed;
    if (type === undefined || !conforms(content, type)) return undefined;
    return { type, content: content as T, datetime: parsed.datetime };
  } catch {
    return undefined;
  }
}

export function loadItem<T>(key: string): T | undefined {
  return loadEntry<T>(key)?.content;
}

export function removeItem(key: string): void {
  try {
    localStorage.removeItem(STORAGE_PREFIX + key);
  } catch {
    // See saveItem.
  }
}

/** A value outside React that components read with useStore. */
export function createStore<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next: T) {
      if (Object.is(next, value)) return;
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** Reads a store in a component, re-rendering when it changes. */
export function useStore<T>(store: { get: () => T; subscribe: (listener: () => void) => () => void }): T {
  return useSyncExternalStore(store.subscribe, store.get);
}

/** A store kept in storage under `key`: loaded once, saved on every change. */
export function createPersistedStore<T extends string | number | boolean | object>(
  key: string,
  fallback: T,
  accept: (value: unknown) => value is T = (value): value is T => conforms(value, typeOf(fallback)),
) {
  const stored = loadItem<unknown>(key);
  const store = createStore<T>(stored !== undefined && accept(stored) ? stored : fallback);
  return {
    ...store,
    set(next: T) {
      saveItem(key, next);
      store.set(next);
    },
    /** Forgets the stored value and goes back to the fallback. */
    reset() {
      removeItem(key);
      store.set(fallback);
    },
  };
}
