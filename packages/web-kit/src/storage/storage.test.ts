import { beforeEach, describe, expect, it } from 'vitest';
import { getCookie, removeCookie, setCookie } from './cookies.js';
import { createPersistedStore, loadEntry, loadItem, removeItem, STORAGE_PREFIX, saveItem } from './storage.js';

describe('storage', () => {
  beforeEach(() => localStorage.clear());

  it('keeps {type, content, datetime} under the prefix and restores the type', () => {
    saveItem('count', 3, 1_700_000_000_000);
    saveItem('flag', false);
    saveItem('user', { name: 'a' });
    expect(JSON.parse(localStorage.getItem(`${STORAGE_PREFIX}count`)!)).toEqual({
      type: 'number',
      content: 3,
      datetime: 1_700_000_000_000,
    });
    expect(loadItem('count')).toBe(3);
    expect(loadItem('flag')).toBe(false);
    expect(loadItem('user')).toEqual({ name: 'a' });
    expect(loadEntry('count')?.datetime).toBe(1_700_000_000_000);
    expect(Object.keys(localStorage).every((key) => key.startsWith(STORAGE_PREFIX))).toBe(true);
  });

  it('reads anything malformed as absent', () => {
    localStorage.setItem(`${STORAGE_PREFIX}a`, 'not json');
    localStorage.setItem(`${STORAGE_PREFIX}b`, JSON.stringify({ type: 'number', content: 'x', datetime: 1 }));
    localStorage.setItem(`${STORAGE_PREFIX}c`, JSON.stringify({ type: 'string', content: 'x' }));
    localStorage.setItem(`${STORAGE_PREFIX}d`, 'null');
    expect(['a', 'b', 'c', 'd', 'missing'].map((key) => loadItem(key))).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('persists a store, refuses stored values it does not accept, and resets', () => {
    saveItem('mode', 'weird');
    const isMode = (value: unknown): value is 'a' | 'b' => value === 'a' || value === 'b';
    const store = createPersistedStore<'a' | 'b'>('mode', 'a', isMode);
    expect(store.get()).toBe('a');
    store.set('b');
    expect(loadItem('mode')).toBe('b');
    store.reset();
    expect(store.get()).toBe('a');
    expect(localStorage.getItem(`${STORAGE_PREFIX}mode`)).toBeNull();
    removeItem('mode');
  });
});

describe('cookies', () => {
  it('sets, reads and removes a cookie', () => {
    setCookie('ws-console-access-token', 'a b;c');
    expect(getCookie('ws-console-access-token')).toBe('a b;c');
    removeCookie('ws-console-access-token');
    expect(getCookie('ws-console-access-token')).toBeUndefined();
  });
});
