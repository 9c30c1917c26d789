import { describe, expect, it } from 'vitest';
import { keyAction } from './workspace-keys.js';

const press = (key: string, modifiers: { alt?: boolean; ctrl?: boolean; meta?: boolean; shift?: boolean } = {}) =>
  keyAction({
    key,
    altKey: modifiers.alt ?? false,
    ctrlKey: modifiers.ctrl ?? false,
    metaKey: modifiers.meta ?? false,
    shiftKey: modifiers.shift ?? false,
  });

describe('the workspace shortcuts', () => {
  it('moves with Alt+↓ and Alt+↑ only', () => {
    expect(press('ArrowDown', { alt: true })).toBe('next');
    expect(press('ArrowUp', { alt: true })).toBe('previous');
    expect(press('ArrowDown')).toBeNull();
    expect(press('ArrowUp', { alt: true, shift: true })).toBeNull();
    expect(press('ArrowDown', { alt: true, ctrl: true })).toBeNull();
  });

  it('goes to the search with Ctrl+K, or ⌘K on a Mac, whatever the case', () => {
    expect(press('k', { ctrl: true })).toBe('search');
    expect(press('K', { ctrl: true })).toBe('search');
    expect(press('k', { meta: true })).toBe('search');
    expect(press('k')).toBeNull();
    expect(press('k', { ctrl: true, alt: true })).toBeNull();
  });
});
